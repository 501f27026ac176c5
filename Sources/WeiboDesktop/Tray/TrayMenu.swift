import CGLib
import CLibDbusmenu
import WeiboKit

/// The tray icon's menu at `/MenuBar`, served by libdbusmenu-glib's `DbusmenuServer` (the
/// reference server that libayatana-appindicator uses, and that the libdbusmenu client in
/// XFCE's tray and waybar, and the Qt/KDE stacks, interoperate with): Show timeline, Mark all
/// read, Check now, Open Weibo, Log in, Settings, Pause notifications (1 hour, until tomorrow, resume),
/// Quit; with several accounts, a submenu for each (show its timeline, mark it read, log it in
/// again). The server answers `GetLayout`, `Event`, `EventGroup`, `AboutToShow(Group)` and
/// announces `LayoutUpdated` and `ItemsPropertiesUpdated` itself. The first line, greyed out,
/// says the state and the counts (GNOME's tray shows no tooltip); this type keeps the model
/// (what each item does, which are greyed out or checked) and the items in step with it.
final class TrayMenu {
    static let objectPath = "/MenuBar"
    /// The first line: the state and the counts, never clickable.
    static let headlineID: Int32 = 14

    /// What a click on an item does.
    enum Command: Hashable {
        case showTimeline, markRead, checkNow, openWeibo, openHotSearch, logIn, settings, pauseHour, pauseUntilTomorrow, resume, quit
        /// One account's, by uid.
        case showAccount(Int64)
        case markAccountRead(Int64)
        case logInAccount(Int64)
    }

    struct Item {
        var id: Int32
        var label: String
        var command: Command?
        var isSeparator = false
        var children: [Item] = []
        /// One of a group of which one is checked (the pause items).
        var isRadio = false
    }

    private let fixed: [Item]
    private(set) var items: [Item] {
        didSet { index = Self.index(items) }
    }
    /// Each command's item (its id, own label, whether a radio item), for the changes made at
    /// every poll: found without walking the tree (which took a fifth of a poll's instructions).
    private var index: [Command: (id: Int32, label: String, isRadio: Bool)] = [:]
    private let localizer: Localizer
    /// The accounts with a submenu (none with one account).
    private(set) var accounts: [(uid: Int64, name: String)] = []
    /// Items shown greyed out.
    private(set) var disabled: Set<Int32> = []
    /// Labels that replace an item's own, by id.
    private var labels: [Int32: String] = [:]
    /// The radio item checked, if any.
    private var checked: Int32?
    var clicked: ((Command) -> Void)?
    /// libdbusmenu's server, and the menu items it serves by id (each referenced by the tree).
    private let server: UnsafeMutablePointer<DbusmenuServer>
    private var nodes: [Int32: UnsafeMutablePointer<DbusmenuMenuitem>] = [:]
    private var activations: [GObjectSignalHandler] = []

    init(localizer: Localizer) {
        func item(_ id: Int32, _ label: String, _ command: Command?, children: [Item] = []) -> Item {
            Item(id: id, label: label, command: command, children: children)
        }
        self.localizer = localizer
        fixed = [
            Item(id: Self.headlineID, label: "", command: nil),
            Item(id: 15, label: "", command: nil, isSeparator: true),
            item(1, localizer.text(Localizer.TrayPhrase.timeline), .showTimeline),
            item(2, localizer.text(.markAllRead), .markRead),
            item(3, localizer.text(Localizer.TrayPhrase.checkNow), .checkNow),
            item(4, localizer.text(.openWeibo), .openWeibo),
            item(16, localizer.text(.hotSearch), .openHotSearch),
            item(12, localizer.text(Localizer.TrayPhrase.logInFirst), .logIn),
            item(13, localizer.text(Localizer.TrayPhrase.settingsWindow), .settings),
            Item(id: 5, label: "", command: nil, isSeparator: true),
            item(
                6, localizer.text(.pauseNotifications), nil,
                children: [
                    Item(id: 7, label: localizer.text(.pauseForAnHour), command: .pauseHour, isRadio: true),
                    Item(id: 8, label: localizer.text(.pauseUntilTomorrow), command: .pauseUntilTomorrow, isRadio: true),
                    item(9, localizer.text(Localizer.TrayPhrase.resume), .resume),
                ]),
            Item(id: 10, label: "", command: nil, isSeparator: true),
            item(11, localizer.text(Localizer.TrayPhrase.quit), .quit),
        ]
        items = fixed
        index = Self.index(fixed)
        disabled = [Self.headlineID]
        server = dbusmenu_server_new(Self.objectPath)
        publish()
    }

    deinit {
        activations = []
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// A submenu for each account when there are several (ids from 100, ten per account);
    /// a changed layout is announced by the server (`LayoutUpdated`).
    func setAccounts(_ new: [(uid: Int64, name: String)]) {
        let shown = new.count > 1 ? new : []
        guard shown.map(\.uid) != accounts.map(\.uid) || shown.map(\.name) != accounts.map(\.name) else { return }
        accounts = shown
        let sections = shown.enumerated().map { index, account in
            let base = Int32(100 + index * 10)
            return Item(
                id: base, label: account.name, command: nil,
                children: [
                    Item(id: base + 1, label: localizer.text(Localizer.TrayPhrase.timeline), command: .showAccount(account.uid)),
                    Item(id: base + 2, label: localizer.text(.markAllRead), command: .markAccountRead(account.uid)),
                    Item(id: base + 3, label: localizer.text(Localizer.TrayPhrase.logInAfterExpiry), command: .logInAccount(account.uid)),
                ])
        }
        // The accounts after the common items, before Pause.
        let split = fixed.firstIndex { $0.id == 5 } ?? fixed.count
        items = Array(fixed[..<split]) + (sections.isEmpty ? [] : [Item(id: 99, label: "", command: nil, isSeparator: true)] + sections) + fixed[split...]
        publish()
    }

    /// Enables or disables the item of `command`.
    func setEnabled(_ command: Command, _ isEnabled: Bool) {
        guard let item = index[command], disabled.contains(item.id) == isEnabled else { return }
        if isEnabled { disabled.remove(item.id) } else { disabled.insert(item.id) }
        if let node = nodes[item.id] { dbusmenu_menuitem_property_set_bool(node, "enabled", isEnabled ? 1 : 0) }
    }

    /// Checks the radio item of `command` (nil: none).
    func setChecked(_ command: Command?) {
        let id = command.flatMap { index[$0] }.flatMap { $0.isRadio ? $0.id : nil }
        guard id != checked else { return }
        let changed = [checked, id].compactMap { $0 }
        checked = id
        for changedID in changed {
            if let node = nodes[changedID] { dbusmenu_menuitem_property_set_int(node, "toggle-state", changedID == id ? 1 : 0) }
        }
    }

    /// Relabels the item of `command`.
    func setLabel(_ command: Command, _ label: String) {
        guard let item = index[command], (labels[item.id] ?? item.label) != label else { return }
        labels[item.id] = label
        if let node = nodes[item.id] { dbusmenu_menuitem_property_set(node, "label", label) }
    }

    /// Sets the first line: the state and the counts.
    func setHeadline(_ text: String) {
        guard (labels[Self.headlineID] ?? "") != text else { return }
        labels[Self.headlineID] = text
        if let node = nodes[Self.headlineID] { dbusmenu_menuitem_property_set(node, "label", text) }
    }

    // MARK: - The served tree

    /// Builds the items of `items` under a new root and hands it to the server.
    private func publish() {
        activations = []
        nodes = [:]
        guard let root = dbusmenu_menuitem_new_with_id(0) else { return }
        append(items, to: root)
        dbusmenu_server_set_root(server, root)
        // The server holds the root, and each item its children.
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    /// Each item of `items` made and appended to `parent`, which keeps the only reference.
    private func append(_ items: [Item], to parent: UnsafeMutablePointer<DbusmenuMenuitem>) {
        for item in items {
            guard let child = node(item) else { continue }
            dbusmenu_menuitem_child_append(parent, child)
            g_object_unref(UnsafeMutableRawPointer(child))
        }
    }

    /// A new menu item for `item` (a reference the caller owns).
    private func node(_ item: Item) -> UnsafeMutablePointer<DbusmenuMenuitem>? {
        guard let node = dbusmenu_menuitem_new_with_id(item.id) else { return nil }
        if item.isSeparator {
            dbusmenu_menuitem_property_set(node, "type", "separator")
            return node
        }
        dbusmenu_menuitem_property_set(node, "label", labels[item.id] ?? item.label)
        dbusmenu_menuitem_property_set_bool(node, "enabled", disabled.contains(item.id) ? 0 : 1)
        if item.isRadio {
            dbusmenu_menuitem_property_set(node, "toggle-type", "radio")
            dbusmenu_menuitem_property_set_int(node, "toggle-state", checked == item.id ? 1 : 0)
        }
        append(item.children, to: node)
        if !item.children.isEmpty { dbusmenu_menuitem_property_set(node, "children-display", "submenu") }
        nodes[item.id] = node
        if let command = item.command {
            // A click (`Event` or `EventGroup` "clicked") is libdbusmenu's "item-activated".
            activations.append(
                GObjectSignalHandler(UnsafeMutableRawPointer(node), signal: "item-activated", shape: .unsignedArgument) { [weak self] _, _ in
                    self?.clicked?(command)
                })
        }
        return node
    }

    /// The first item of each command in `items` and their submenus.
    private static func index(_ items: [Item]) -> [Command: (id: Int32, label: String, isRadio: Bool)] {
        var index: [Command: (id: Int32, label: String, isRadio: Bool)] = [:]
        func add(_ items: [Item]) {
            for item in items {
                if let command = item.command, index[command] == nil { index[command] = (item.id, item.label, item.isRadio) }
                add(item.children)
            }
        }
        add(items)
        return index
    }
}
