import CGLib
import CLibDbusmenu
import WeiboKit
import WeiboPlatform

/// The tray icon's menu at `/MenuBar`, served by libdbusmenu-glib's `DbusmenuServer` (the
/// reference server that libayatana-appindicator uses, and that the libdbusmenu client in
/// XFCE's tray and waybar, and the Qt/KDE stacks, interoperate with): the items of WeiboKit's
/// `TrayMenuModel`. The server answers `GetLayout`, `Event`, `EventGroup`, `AboutToShow(Group)` and
/// announces `LayoutUpdated` and `ItemsPropertiesUpdated` itself. The first line, greyed out,
/// says the state and the counts (GNOME's tray shows no tooltip); this type keeps the model
/// (what each item does, which are greyed out or checked) and the items in step with it.
final class TrayMenu {
    static let objectPath = "/MenuBar"
    static let headlineID = TrayMenuModel.headlineID

    typealias Command = TrayCommand
    typealias Item = TrayMenuItem

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
        self.localizer = localizer
        items = TrayMenuModel.items(accounts: [], localizer: localizer)
        index = Self.index(items)
        disabled = [Self.headlineID]
        server = dbusmenu_server_new(Self.objectPath)
        publish()
    }

    deinit {
        activations = []
        g_object_unref(UnsafeMutableRawPointer(server))
    }

    /// A submenu for each account when there are several (`TrayMenuModel`); a changed layout
    /// is announced by the server (`LayoutUpdated`).
    func setAccounts(_ new: [(uid: Int64, name: String)]) {
        let shown = new.count > 1 ? new : []
        guard shown.map(\.uid) != accounts.map(\.uid) || shown.map(\.name) != accounts.map(\.name) else { return }
        accounts = shown
        items = TrayMenuModel.items(accounts: shown, localizer: localizer)
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
