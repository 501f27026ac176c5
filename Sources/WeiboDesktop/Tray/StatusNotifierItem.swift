import CGLib
import Glibc
public import WeiboKit
public import WeiboPlatform

/// The tray icon: a StatusNotifierItem (the `org.kde.*` names every real host uses) with a
/// dbusmenu menu, on the daemon's connection, and the count beside it as Ayatana's label
/// (`XAyatanaLabel`, which GNOME's AppIndicator extension shows). Registers with the
/// StatusNotifierWatcher, and again whenever a watcher (a panel) appears; without one the
/// daemon simply goes on.
public final class StatusNotifierItem {
    static let itemPath = "/StatusNotifierItem"
    static let interfaceName = "org.kde.StatusNotifierItem"
    static let introspection = """
        <node>
          <interface name="org.kde.StatusNotifierItem">
            <property name="Category" type="s" access="read"/>
            <property name="Id" type="s" access="read"/>
            <property name="Title" type="s" access="read"/>
            <property name="Status" type="s" access="read"/>
            <property name="WindowId" type="i" access="read"/>
            <property name="IconName" type="s" access="read"/>
            <property name="AttentionIconName" type="s" access="read"/>
            <property name="OverlayIconName" type="s" access="read"/>
            <property name="IconThemePath" type="s" access="read"/>
            <property name="ToolTip" type="(sa(iiay)ss)" access="read"/>
            <property name="ItemIsMenu" type="b" access="read"/>
            <property name="Menu" type="o" access="read"/>
            <property name="XAyatanaLabel" type="s" access="read"/>
            <property name="XAyatanaLabelGuide" type="s" access="read"/>
            <method name="Activate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="SecondaryActivate"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="ContextMenu"><arg name="x" type="i" direction="in"/><arg name="y" type="i" direction="in"/></method>
            <method name="ProvideXdgActivationToken"><arg name="token" type="s" direction="in"/></method>
            <method name="Scroll"><arg name="delta" type="i" direction="in"/><arg name="orientation" type="s" direction="in"/></method>
            <signal name="NewTitle"/>
            <signal name="NewIcon"/>
            <signal name="NewAttentionIcon"/>
            <signal name="NewToolTip"/>
            <signal name="NewStatus"><arg name="status" type="s"/></signal>
            <signal name="XAyatanaNewLabel"><arg name="label" type="s"/><arg name="guide" type="s"/></signal>
          </interface>
        </node>
        """

    private let connection: OpaquePointer
    private let accounts: AccountGroupShell
    private let menu: TrayMenu
    private let localizer: Localizer
    private let iconThemePath: String
    public let busName: String
    private var watcherLink: TrayWatcherLink?
    private var exports: [DBusExport] = []
    /// The menu's Quit.
    public var quitRequested: (() -> Void)?
    /// What the tray last showed; what the hosts read is its.
    private var shownView: TrayView?
    /// The icon's name: the look's, monochrome or not.
    private var iconName: String { shownView?.iconName ?? TrayLook.normal.rawValue }
    private var status: String { shownView?.presentation.status ?? "Passive" }
    private var toolTip: String { shownView?.presentation.toolTip ?? "" }
    private var label: String { shownView?.presentation.label ?? "" }
    /// The token a host provided for the next `Activate` (`ProvideXdgActivationToken`).
    private var activationToken: String?

    /// Exports the item and its menu, owns `org.kde.StatusNotifierItem-PID-1`, and registers
    /// with the watcher now and whenever one appears.
    public init(
        connection: OpaquePointer, accounts: AccountGroupShell, localizer: Localizer, iconThemePath: String
    ) throws(SessionBus.Failure) {
        self.connection = connection
        self.accounts = accounts
        self.localizer = localizer
        self.iconThemePath = iconThemePath
        menu = TrayMenu(localizer: localizer)
        busName = "org.kde.StatusNotifierItem-\(getpid())-1"
        exports = [
            try DBusExport(
                connection: connection, path: Self.itemPath, introspection: Self.introspection,
                method: { [weak self] method, parameters, invocation in
                    guard let self else { return DBusExport.shuttingDown(invocation) }
                    self.itemMethod(method, parameters, invocation)
                },
                property: { [weak self] name in self?.itemProperty(name) })
        ]
        menu.clicked = { [weak self] command in self?.menuClicked(command) }
        show(accounts.latest.tray)
        // No host has read the item yet: nothing to announce.
        changed = []
        announcement = nil
        claimName()
        watcherLink = TrayWatcherLink(connection: connection, busName: busName) { [weak self] milliseconds in self?.hold(milliseconds) }
    }

    /// Shows `view` (from the accounts' snapshot): what changed is announced.
    public func show(_ view: TrayView) {
        guard view != shownView else { return }
        // The look is in the icon's name.
        if view.iconName != iconName { changed.insert(.icon) }
        if view.presentation.status != status { changed.insert(.status) }
        if view.presentation.toolTip != toolTip { changed.insert(.toolTip) }
        if view.presentation.label != label { changed.insert(.label) }
        shownView = view
        let shown = view.presentation
        // The menu's server announces what changes (LayoutUpdated, ItemsPropertiesUpdated).
        menu.setAccounts(view.accounts.map { ($0.uid, $0.name) })
        announceSoon()
        menu.setHeadline(shown.headline)
        menu.setEnabled(.resume, view.menu.canResume)
        menu.setEnabled(.checkNow, view.menu.canCheckNow)
        menu.setEnabled(.logIn, view.menu.canLogIn)
        menu.setLabel(.logIn, view.menu.logInLabel)
        menu.setChecked(view.checkedPause)
    }

    // MARK: - D-Bus

    private func itemProperty(_ name: String) -> OpaquePointer? {
        switch name {
        case "Category": return Variants.string("Communications")
        case "Id": return Variants.string("io.github.WeiboNotifier")
        case "Title": return Variants.string(localizer.text(.appName))
        case "Status": return Variants.string(status)
        case "WindowId": return Variants.int32(0)
        case "IconName": return Variants.string(iconName)
        // Hosts show this one while NeedsAttention: the same look, so that an expired login is
        // never drawn as unread news.
        case "AttentionIconName": return Variants.string(iconName)
        case "OverlayIconName": return Variants.string("")
        case "IconThemePath": return Variants.string(iconThemePath)
        case "ToolTip":
            return Variants.tuple([
                Variants.string(iconName), Variants.array("(iiay)", []), Variants.string(localizer.text(.appName)),
                Variants.string(toolTip),
            ])
        case "ItemIsMenu": return Variants.boolean(false)
        case "Menu": return Variants.objectPath(TrayMenu.objectPath)
        case "XAyatanaLabel": return Variants.string(label)
        case "XAyatanaLabelGuide": return Variants.string(TrayPresentation.labelGuide)
        default: return nil
        }
    }

    private func itemMethod(_ method: String, _ parameters: OpaquePointer?, _ invocation: OpaquePointer) {
        g_dbus_method_invocation_return_value(invocation, nil)
        switch method {
        case "Activate":
            // The popup at the click, or away when it is in front; a host that sends 0,0 leaves
            // the place to the popup (the pointer).
            let x = parameters.map { Variants.int32(in: $0, at: 0) } ?? 0
            let y = parameters.map { Variants.int32(in: $0, at: 1) } ?? 0
            let token = activationToken
            activationToken = nil
            accounts.showPopup(.posts, at: x == 0 && y == 0 ? nil : PopupLauncher.Point(x: x, y: y), activationToken: token, toggles: true)
        case "ProvideXdgActivationToken":
            // Sent by the host just before Activate (KDE's extension): the next start's focus on Wayland.
            let token = parameters.map { Variants.string(in: $0, at: 0) } ?? ""
            activationToken = token.isEmpty || token.utf8.count > 1024 ? nil : token
        case "SecondaryActivate": accounts.checkNow()
        default: break  // ContextMenu and Scroll: the host shows the dbusmenu itself.
        }
    }

    private func menuClicked(_ command: TrayMenu.Command) {
        switch command {
        case .showTimeline: accounts.showPopup(.posts)
        case .markRead: accounts.markRead()
        case .checkNow: accounts.checkNow()
        case .openWeibo: accounts.openWeibo()
        case .openHotSearch: accounts.openHotSearch()
        case .logIn: accounts.logIn()
        case .settings: accounts.showSettings(accounts.latest.group.settingsPage)
        case .pauseHour: accounts.pause(seconds: PauseDuration.defaultSeconds, chosen: .pauseHour)
        case .pauseUntilTomorrow:
            accounts.pause(seconds: PauseDuration.untilTomorrowMorning(now: Timestamp.now, zone: SystemTimeZone()), chosen: .pauseUntilTomorrow)
        case .resume: accounts.pause(seconds: 0)
        case .showAccount(let uid): accounts.member(uid)?.showSummary()
        case .markAccountRead(let uid): accounts.member(uid)?.markRead()
        case .logInAccount(let uid): accounts.member(uid)?.logIn()
        case .quit: quitRequested?()
        }
    }

    // MARK: - Change signals

    /// What changed since the hosts were last told.
    private enum Change { case icon, status, toolTip, label }
    private var changed: Set<Change> = []
    private var announcement: GLibSource?
    private var heldUntil: GLibSource?

    /// Tells the hosts what changed, once, when the loop is next idle: the changes of one
    /// moment (a start, a check) go out as one signal each, not one per step.
    private func announceSoon() {
        guard !changed.isEmpty, heldUntil == nil, announcement == nil else { return }
        announcement = GLibSource.timeout(milliseconds: 50) { [weak self] in
            self?.announcement = nil
            self?.announce()
            return false
        }
    }

    /// No change signals for `milliseconds` (a host reads the item just registered), then one
    /// of each that changed meanwhile.
    private func hold(_ milliseconds: Int) {
        announcement = nil
        heldUntil = GLibSource.timeout(milliseconds: UInt32(max(milliseconds, 0))) { [weak self] in
            self?.heldUntil = nil
            self?.announce()
            return false
        }
    }

    private func announce() {
        let now = changed
        changed = []
        if now.contains(.icon) {
            emit("NewIcon", nil)
            emit("NewAttentionIcon", nil)
        }
        if now.contains(.status) { emit("NewStatus", Variants.tuple([Variants.string(status)])) }
        if now.contains(.toolTip) { emit("NewToolTip", nil) }
        if now.contains(.label) {
            emit("XAyatanaNewLabel", Variants.tuple([Variants.string(label), Variants.string(TrayPresentation.labelGuide)]))
        }
    }

    private func emit(_ signal: String, _ parameters: OpaquePointer?) {
        g_dbus_connection_emit_signal(connection, nil, Self.itemPath, Self.interfaceName, signal, parameters, nil)
    }

    private func claimName() {
        let reply = g_dbus_connection_call_sync(
            connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
            Variants.tuple([Variants.string(busName), Variants.uint32(4)]), nil, G_DBUS_CALL_FLAGS_NONE, 5000, nil, nil)
        if let reply { g_variant_unref(reply) }
    }
}
