import CGLib
import WeiboKit

/// The tray icon's menu over `com.canonical.dbusmenu` at `/MenuBar`: Show timeline, Mark all
/// read, Check now, Open Weibo, Log in, Pause notifications (1 hour, until tomorrow, resume), Quit;
/// with several accounts, a submenu for each (show its timeline, mark it read, log it in again).
final class TrayMenu {
    static let objectPath = "/MenuBar"
    static let introspection = """
        <node>
          <interface name="com.canonical.dbusmenu">
            <property name="Version" type="u" access="read"/>
            <property name="TextDirection" type="s" access="read"/>
            <property name="Status" type="s" access="read"/>
            <property name="IconThemePath" type="as" access="read"/>
            <method name="GetLayout">
              <arg type="i" name="parentId" direction="in"/>
              <arg type="i" name="recursionDepth" direction="in"/>
              <arg type="as" name="propertyNames" direction="in"/>
              <arg type="u" name="revision" direction="out"/>
              <arg type="(ia{sv}av)" name="layout" direction="out"/>
            </method>
            <method name="GetGroupProperties">
              <arg type="ai" name="ids" direction="in"/>
              <arg type="as" name="propertyNames" direction="in"/>
              <arg type="a(ia{sv})" name="properties" direction="out"/>
            </method>
            <method name="GetProperty">
              <arg type="i" name="id" direction="in"/>
              <arg type="s" name="name" direction="in"/>
              <arg type="v" name="value" direction="out"/>
            </method>
            <method name="Event">
              <arg type="i" name="id" direction="in"/>
              <arg type="s" name="eventId" direction="in"/>
              <arg type="v" name="data" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="EventGroup">
              <arg type="a(isvu)" name="events" direction="in"/>
              <arg type="ai" name="idErrors" direction="out"/>
            </method>
            <method name="AboutToShow">
              <arg type="i" name="id" direction="in"/>
              <arg type="b" name="needUpdate" direction="out"/>
            </method>
            <method name="AboutToShowGroup">
              <arg type="ai" name="ids" direction="in"/>
              <arg type="ai" name="updatesNeeded" direction="out"/>
              <arg type="ai" name="idErrors" direction="out"/>
            </method>
            <signal name="ItemsPropertiesUpdated">
              <arg type="a(ia{sv})" name="updatedProps"/>
              <arg type="a(ias)" name="removedProps"/>
            </signal>
            <signal name="LayoutUpdated">
              <arg type="u" name="revision"/>
              <arg type="i" name="parent"/>
            </signal>
            <signal name="ItemActivationRequested">
              <arg type="i" name="id"/>
              <arg type="u" name="timestamp"/>
            </signal>
          </interface>
        </node>
        """

    /// What a click on an item does.
    enum Command: Equatable {
        case showTimeline, markRead, checkNow, openWeibo, logIn, pauseHour, pauseUntilTomorrow, resume, quit
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
    private(set) var items: [Item]
    private let localizer: Localizer
    /// The accounts with a submenu (none with one account).
    private(set) var accounts: [(uid: Int64, name: String)] = []
    var revision: UInt32 = 1
    /// Items shown greyed out.
    private(set) var disabled: Set<Int32> = []
    /// Labels that replace an item's own, by id.
    private var labels: [Int32: String] = [:]
    /// The radio item checked, if any.
    private var checked: Int32?
    var clicked: ((Command) -> Void)?

    init(localizer: Localizer) {
        func item(_ id: Int32, _ label: String, _ command: Command?, children: [Item] = []) -> Item {
            Item(id: id, label: label, command: command, children: children)
        }
        self.localizer = localizer
        fixed = [
            item(1, localizer.tr("Show timeline"), .showTimeline),
            item(2, localizer.text(.markAllRead), .markRead),
            item(3, localizer.tr("Check now"), .checkNow),
            item(4, localizer.text(.openWeibo), .openWeibo),
            item(12, localizer.tr("Log in to Weibo…"), .logIn),
            Item(id: 5, label: "", command: nil, isSeparator: true),
            item(
                6, localizer.tr("Pause notifications"), nil,
                children: [
                    Item(id: 7, label: localizer.tr("For 1 hour"), command: .pauseHour, isRadio: true),
                    Item(id: 8, label: localizer.tr("Until tomorrow"), command: .pauseUntilTomorrow, isRadio: true),
                    item(9, localizer.tr("Resume"), .resume),
                ]),
            Item(id: 10, label: "", command: nil, isSeparator: true),
            item(11, localizer.tr("Quit"), .quit),
        ]
        items = fixed
    }

    /// A submenu for each account when there are several (ids from 100, ten per account);
    /// whether the layout changed (then `LayoutUpdated` with the new `revision` is due).
    func setAccounts(_ new: [(uid: Int64, name: String)]) -> Bool {
        let shown = new.count > 1 ? new : []
        guard shown.map(\.uid) != accounts.map(\.uid) || shown.map(\.name) != accounts.map(\.name) else { return false }
        accounts = shown
        let sections = shown.enumerated().map { index, account in
            let base = Int32(100 + index * 10)
            return Item(
                id: base, label: account.name, command: nil,
                children: [
                    Item(id: base + 1, label: localizer.tr("Show timeline"), command: .showAccount(account.uid)),
                    Item(id: base + 2, label: localizer.text(.markAllRead), command: .markAccountRead(account.uid)),
                    Item(id: base + 3, label: localizer.tr("Log in to Weibo again…"), command: .logInAccount(account.uid)),
                ])
        }
        // The accounts after the common items, before Pause.
        let split = fixed.firstIndex { $0.id == 5 } ?? fixed.count
        items = Array(fixed[..<split]) + (sections.isEmpty ? [] : [Item(id: 99, label: "", command: nil, isSeparator: true)] + sections) + fixed[split...]
        revision += 1
        return true
    }

    /// Enables or disables the item of `command`. When that changed, the parameters of the
    /// `ItemsPropertiesUpdated(a(ia{sv}) updated, a(ias) removed)` signal that announces it.
    func setEnabled(_ command: Command, _ isEnabled: Bool) -> OpaquePointer? {
        guard let item = flattened(items).first(where: { $0.command == command }), disabled.contains(item.id) == isEnabled else { return nil }
        if isEnabled { disabled.remove(item.id) } else { disabled.insert(item.id) }
        let updated = Variants.tuple([Variants.int32(item.id), Variants.properties([("enabled", Variants.boolean(isEnabled))])])
        return Variants.tuple([Variants.array("(ia{sv})", [updated]), Variants.array("(ias)", [])])
    }

    /// Checks the radio item of `command` (nil: none); the `ItemsPropertiesUpdated` parameters
    /// for the items whose state changed, when some did.
    func setChecked(_ command: Command?) -> OpaquePointer? {
        let id = command.flatMap { command in flattened(items).first { $0.command == command && $0.isRadio }?.id }
        guard id != checked else { return nil }
        let changed = [checked, id].compactMap { $0 }
        checked = id
        let updated = changed.map { changedID in
            Variants.tuple([Variants.int32(changedID), Variants.properties([("toggle-state", Variants.int32(changedID == id ? 1 : 0))])])
        }
        return Variants.tuple([Variants.array("(ia{sv})", updated), Variants.array("(ias)", [])])
    }

    /// Relabels the item of `command`; the `ItemsPropertiesUpdated` parameters when that changed.
    func setLabel(_ command: Command, _ label: String) -> OpaquePointer? {
        guard let item = flattened(items).first(where: { $0.command == command }), (labels[item.id] ?? item.label) != label else { return nil }
        labels[item.id] = label
        let updated = Variants.tuple([Variants.int32(item.id), Variants.properties([("label", Variants.string(label))])])
        return Variants.tuple([Variants.array("(ia{sv})", [updated]), Variants.array("(ias)", [])])
    }

    // MARK: - Method calls

    func methodCalled(_ method: String, _ parameters: OpaquePointer?, _ invocation: OpaquePointer) {
        switch method {
        case "GetLayout":
            let parent = int32(parameters, 0)
            let node = parent == 0 ? root : find(parent, in: items).map(layout) ?? root
            g_dbus_method_invocation_return_value(invocation, Variants.tuple([Variants.uint32(revision), node]))
        case "GetGroupProperties":
            let ids = idList(child(parameters, 0))
            let all = flattened(items)
            let chosen = ids.isEmpty ? all : all.filter { ids.contains($0.id) }
            let entries = chosen.map { Variants.tuple([Variants.int32($0.id), properties(of: $0)]) }
            g_dbus_method_invocation_return_value(invocation, Variants.tuple([Variants.array("(ia{sv})", entries)]))
        case "GetProperty":
            g_dbus_method_invocation_return_dbus_error(invocation, "com.canonical.dbusmenu.Error", "use GetGroupProperties")
        case "Event":
            let event = (id: int32(parameters, 0), name: string(parameters, 1))
            if find(event.id, in: items) == nil {
                g_dbus_method_invocation_return_dbus_error(invocation, "com.canonical.dbusmenu.Error.UnknownId", "no menu item \(event.id)")
                return
            }
            g_dbus_method_invocation_return_value(invocation, nil)
            dispatch([event])
        case "EventGroup":
            // libdbusmenu's client (XFCE's tray, waybar) sends every click this way once the
            // menu says Version 3. Every event is run in order; the unknown ids are answered,
            // and only when none is known is it an error, as the spec says.
            let events = eventList(parameters)
            let unknown = events.map(\.id).filter { find($0, in: items) == nil }
            if !events.isEmpty && unknown.count == events.count {
                g_dbus_method_invocation_return_dbus_error(invocation, "com.canonical.dbusmenu.Error.UnknownId", "no menu item \(unknown)")
                return
            }
            g_dbus_method_invocation_return_value(invocation, Variants.tuple([Variants.array("i", unknown.map(Variants.int32))]))
            dispatch(events)
        case "AboutToShow":
            // The layout never changes on opening: nothing to update.
            g_dbus_method_invocation_return_value(invocation, Variants.tuple([Variants.boolean(false)]))
        case "AboutToShowGroup":
            let unknown = idList(child(parameters, 0)).filter { $0 != 0 && find($0, in: items) == nil }
            g_dbus_method_invocation_return_value(invocation, Variants.tuple([Variants.array("i", []), Variants.array("i", unknown.map(Variants.int32))]))
        default:
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", method)
        }
    }

    func property(_ name: String) -> OpaquePointer? {
        switch name {
        case "Version": return Variants.uint32(3)
        case "TextDirection": return Variants.string("ltr")
        case "Status": return Variants.string("normal")
        case "IconThemePath": return Variants.strings([])
        default: return nil
        }
    }

    // MARK: - Layout

    /// The root: id 0, `children-display = submenu`, every item below.
    private var root: OpaquePointer? {
        Variants.tuple([
            Variants.int32(0), Variants.properties([("children-display", Variants.string("submenu"))]),
            Variants.array("v", items.map { g_variant_new_variant(layout($0)) }),
        ])
    }

    private func layout(_ item: Item) -> OpaquePointer? {
        Variants.tuple([
            Variants.int32(item.id), properties(of: item),
            Variants.array("v", item.children.map { g_variant_new_variant(layout($0)) }),
        ])
    }

    private func properties(of item: Item) -> OpaquePointer? {
        if item.isSeparator { return Variants.properties([("type", Variants.string("separator"))]) }
        var entries: [(String, OpaquePointer?)] = [
            ("label", Variants.string(labels[item.id] ?? item.label)), ("enabled", Variants.boolean(!disabled.contains(item.id))),
            ("visible", Variants.boolean(true)),
        ]
        if !item.children.isEmpty { entries.append(("children-display", Variants.string("submenu"))) }
        if item.isRadio {
            entries.append(("toggle-type", Variants.string("radio")))
            entries.append(("toggle-state", Variants.int32(checked == item.id ? 1 : 0)))
        }
        return Variants.properties(entries)
    }

    private func find(_ id: Int32, in items: [Item]) -> Item? {
        for item in items {
            if item.id == id { return item }
            if let found = find(id, in: item.children) { return found }
        }
        return nil
    }

    private func flattened(_ items: [Item]) -> [Item] {
        items.flatMap { [$0] + flattened($0.children) }
    }

    /// Runs the clicks among `events`, in order (the one path of `Event` and `EventGroup`); other
    /// events (`opened`, `closed`, `hovered`) change nothing here.
    private func dispatch(_ events: [(id: Int32, name: String)]) {
        for event in events where event.name == "clicked" {
            if let command = find(event.id, in: items)?.command { clicked?(command) }
        }
    }

    /// The `(id, eventId)` of each `(isvu)` of `EventGroup`'s array.
    private func eventList(_ parameters: OpaquePointer?) -> [(id: Int32, name: String)] {
        guard let list = child(parameters, 0) else { return [] }
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).map { index in
            let event = g_variant_get_child_value(list, index)
            defer { g_variant_unref(event) }
            return (int32(event, 0), string(event, 1))
        }
    }

    /// The ids of an `ai`, which it releases.
    private func idList(_ list: OpaquePointer?) -> [Int32] {
        guard let list else { return [] }
        defer { g_variant_unref(list) }
        return (0..<g_variant_n_children(list)).map { index in
            let value = g_variant_get_child_value(list, index)
            defer { g_variant_unref(value) }
            return g_variant_get_int32(value)
        }
    }

    private func int32(_ parameters: OpaquePointer?, _ index: gsize) -> Int32 {
        guard let value = child(parameters, index) else { return 0 }
        defer { g_variant_unref(value) }
        return g_variant_get_int32(value)
    }

    private func string(_ parameters: OpaquePointer?, _ index: gsize) -> String {
        guard let value = child(parameters, index) else { return "" }
        defer { g_variant_unref(value) }
        return g_variant_get_string(value, nil).map { String(cString: $0) } ?? ""
    }

    /// A child of the parameters tuple, owned by the caller.
    private func child(_ parameters: OpaquePointer?, _ index: gsize) -> OpaquePointer? {
        guard let parameters, index < g_variant_n_children(parameters) else { return nil }
        return g_variant_get_child_value(parameters, index)
    }
}
