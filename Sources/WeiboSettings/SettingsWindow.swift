import CGLib
import Glibc
import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The settings window (libhandy's preferences window): the Account, Notifications and General
/// pages, each row made from the settings table (`SettingRow`), and the accounts logged in.
final class SettingsWindow {
    private let window = PreferencesWindow()
    private let files: SettingsFiles
    private let environment: [String: String]
    /// The session bus, to follow the notifier's state (the Account page).
    private let connection: OpaquePointer?
    /// The words of the settings table, in the user's language (the catalog is bound by then).
    private let localizer = processLocalizer
    private var configuration: Configuration
    private var rows: [SettingRow] = []
    private var pages: [SettingPage: PreferencesPage] = [:]
    private lazy var accounts = AccountRows(
        files: files, environment: environment, connection: connection, configuration: { [unowned self] in self.configuration },
        logInAgain: { [unowned self] in self.loginGroup.start(askingWho: true) })
    /// Made with the Account page (the first frame of another page does without it).
    private lazy var loginGroup: LoginGroup = {
        let group = LoginGroup(files: files, environment: environment)
        group.changed = { [weak self] someone in self?.changed(loggedIn: someone) }
        return group
    }()
    /// The switches of the autostart entry (the General page's; the first login's).
    private var autostartSwitches: [Switch] = []
    private var offeredAutostart = false
    private var counters: CounterRows?
    private lazy var fold = AccountPageFold(guide: loginGroup.guide, localizer: localizer)
    private lazy var setupCheck = SetupCheck(environment: environment, localizer: localizer) { [weak self] fix in self?.mend(fix) }
    /// The window went (closed by the user).
    var closed: (() -> Void)?

    init(application: Application, files: SettingsFiles, environment: [String: String]) {
        self.files = files
        self.environment = environment
        connection = application.busConnection
        let loaded = files.load()
        configuration = loaded?.configuration ?? Configuration()
        window.belongs(to: application)
        window.title = tr("Weibo Notifier Settings")
        window.setDefaultSize(width: 640, height: 720)
        build()
        Signal.destroy.connect(window) { [weak self] _ in
            self?.closed?()
        }
    }

    /// Shows the window at `page` (nil: the Account page when no account is logged in, else
    /// the page it shows).
    func present(page: SettingPage?) {
        let firstShow = !window.isRealized
        let chosen = page ?? (firstShow ? (files.accounts(apiBase: configuration.apiBase).isEmpty ? .account : .notifications) : nil)
        if let chosen { fill(chosen, now: firstShow ? Self.rowsBeforeFirstFrame : .max) }
        // The accounts as they are now (a login may have run out, or come from a terminal).
        if filled.contains(.account) {
            accounts.show()
            foldGuide()
        }
        if let chosen, let shown = pages[chosen] { window.show(shown) }
        window.showAll()
        if firstShow {
            // The rest once the first frame is up.
            afterFirstFrame { [weak self] in self?.finish() }
        }
        window.present()
    }

    /// Runs `next` once the first frame is painted (logged for `make bench`, with
    /// G_MESSAGES_DEBUG).
    private func afterFirstFrame(_ next: @escaping () -> Void) {
        guard let clock = window.frameClock else { return next() }
        // Once: the handler goes after the first paint (GObject releases its closure).
        var handler: UInt = 0
        handler = Signal.afterPaint.connect(clock) { clock in
            guard handler != 0 else { return }
            Signal.afterPaint.disconnect(clock, handler)
            handler = 0
            Log.debug("settings: first frame drawn at \(g_get_real_time()) µs")
            GLibSource.later { next() }
        }
    }

    // MARK: - Pages

    /// The pages, empty: each is filled when it is first shown, the others once the
    /// first frame is drawn (a window of every row took twice as long to appear).
    private func build() {
        for page in SettingPage.allCases {
            let (title, icon) = Self.titleAndIcon(page)
            let widget = PreferencesPage(title: title, icon: icon)
            pages[page] = widget
            window.add(widget)
        }
    }

    private var filled: Set<SettingPage> = []
    /// The rows of the page shown first that wait for its first frame.
    private var unfinished: [Step] = []

    /// One part of a page: a group, or a row and what goes with it; `rows` is how many rows
    /// it shows.
    private struct Step {
        let rows: Int
        let make: () -> Void
    }

    /// Rows made before the window's first frame: what its default height (720 px) shows, rows
    /// being 55 px high or more and each group adding its title. The rest of that page come
    /// right after the first frame: each row made before it costs it 4 to 5 ms, and a window of
    /// every row of the Notifications page drew 80 ms later.
    private static let rowsBeforeFirstFrame = 10

    /// Makes `page`'s rows: `now` of them at once, the others kept in `unfinished`.
    private func fill(_ page: SettingPage, now: Int = .max) {
        guard let widget = pages[page], filled.insert(page).inserted else { return }
        var made = 0
        for step in steps(page, into: widget) {
            if made < now { step.make() } else { unfinished.append(step) }
            made += step.rows
        }
        widget.showAll()
    }

    /// The rest of the page shown first, then the other pages.
    private func finish() {
        let steps = unfinished
        unfinished = []
        for step in steps { step.make() }
        for page in SettingPage.allCases {
            if filled.contains(page) { pages[page]?.showAll() } else { fill(page) }
        }
    }

    /// What makes `page`, in its order.
    private func steps(_ page: SettingPage, into widget: PreferencesPage) -> [Step] {
        let add = { (child: Widget, parent: Container) in parent.add(child) }
        var steps: [Step] = []
        let context = configuration.settingContext
        if page == .account {
            steps.append(
                Step(rows: 1) { [unowned self] in
                    add(self.accounts.group, widget)
                    self.accounts.show()
                })
            steps.append(
                Step(rows: 1) { [unowned self] in
                    add(self.loginGroup.guide, widget)
                    self.foldGuide()
                })
        }
        if page == .general { steps.append(Step(rows: 1) { [unowned self] in add(self.sessionGroup(), widget) }) }
        if page == .notifications {
            steps.append(
                Step(rows: UnreadCounter.allCases.count + 1) { [unowned self] in
                    let likesGiven = self.files.likesGiven(apiBase: self.configuration.apiBase)
                    let counters = CounterRows(configuration: self.configuration, likesGiven: likesGiven, localizer: self.localizer) { [weak self] values in
                        guard let self else { return nil }
                        let failure = self.files.write(values)
                        if let loaded = self.files.load() { self.configuration = loaded.configuration }
                        self.counters?.show(self.configuration)
                        return failure
                    }
                    self.counters = counters
                    add(counters.group, widget)
                })
        }
        // One group per key-file group on the page (the counters' settings are the rows above).
        for group in SettingGroup.allCases {
            let counterSettings = CounterMode.settings.map(\.id)
            let settings = SettingsTable.all.filter { $0.page == page && $0.group == group && !$0.isSecret && !counterSettings.contains($0.id) }
            guard !settings.isEmpty else { continue }
            let box = PreferencesGroup(title: Self.groupTitle(page, group))
            for (index, setting) in settings.enumerated() {
                steps.append(
                    Step(rows: 1) { [unowned self] in
                        if index == 0 {
                            add(box, widget)
                            if page == .account { self.fold.hold(app: box) }
                        }
                        let row = SettingRow(
                            setting, configuration: self.configuration, administratorsFile: self.files.administratorsFile(of: setting, in: self.configuration),
                            context: context, localizer: self.localizer
                        ) { [weak self] setting, text in
                            self?.write(setting, text)
                        }
                        self.rows.append(row)
                        // The login's own rows among the app's: the secret after the key; the
                        // callback under its expander (open on a first run).
                        if setting.id == SettingsTable.shared.redirectURI.erased.id {
                            self.loginGroup.hold(callbackSetting: row.row)
                            let firstRun = self.files.accounts(apiBase: self.configuration.apiBase).isEmpty
                            self.loginGroup.showCallback(self.configuration.redirectURI, open: firstRun)
                            add(self.loginGroup.callbackExpander, box)
                        } else {
                            add(row.row, box)
                        }
                        if setting.id == SettingsTable.shared.appKey.erased.id {
                            add(self.loginGroup.secret.row, box)
                            self.loginGroup.secret.refresh()
                        }
                    })
            }
        }
        if page == .account {
            steps.append(
                Step(rows: 1) { [unowned self] in
                    add(self.loginGroup.logIn, widget)
                    add(self.fold.summary, self.loginGroup.logIn)
                    self.foldGuide()
                })
        }
        if page == .general { steps.append(Step(rows: 1) { [unowned self] in add(self.setupCheck.group, widget) }) }
        return steps
    }

    private static func titleAndIcon(_ page: SettingPage) -> (String, String) {
        switch page {
        case .account: return (tr("Account"), "system-users-symbolic")
        case .notifications: return (tr("Notifications"), "preferences-system-notifications-symbolic")
        case .general: return (tr("General"), "preferences-system-symbolic")
        case .advanced: return (tr("Advanced"), "preferences-other-symbolic")
        }
    }

    private static func groupTitle(_ page: SettingPage, _ group: SettingGroup) -> String {
        switch (page, group) {
        case (.account, _): return tr("Your Weibo app")
        case (.general, _): return tr("General")
        case (.notifications, _): return tr("Notifications")
        case (.advanced, .weibo): return tr("Servers and login")
        case (.advanced, .notifier): return tr("Limits")
        }
    }

    // MARK: - Writing

    /// Writes a row's value (nil: resets it), then reads the file again as the notifier will.
    private func write(_ setting: AnySetting, _ text: String?) -> String? {
        let failure = text.map { files.write(setting, $0) } ?? files.reset(setting)
        if let loaded = files.load() { configuration = loaded.configuration }
        if setting.id == SettingsTable.shared.redirectURI.erased.id { loginGroup.showCallback(configuration.redirectURI) }
        // The secret is kept per App Key: where the new key's is.
        if setting.id == SettingsTable.shared.appKey.erased.id { loginGroup.secret.refresh() }
        if text == nil || failure != nil {
            rows.first { $0.setting.id == setting.id }?.show(configuration, administratorsFile: files.administratorsFile(of: setting, in: configuration))
        }
        return failure
    }

    private func showOrigins() {
        for row in rows { row.show(configuration, administratorsFile: files.administratorsFile(of: row.setting, in: configuration)) }
    }

    // MARK: - The session

    /// "Start with my session": the user's XDG autostart entry.
    private func sessionGroup() -> PreferencesGroup {
        let group = PreferencesGroup(title: tr("Session"))
        group.add(autostartRow())
        return group
    }

    /// A row with a switch for the autostart entry (the General page's, and the one a first
    /// login offers); every such switch shows the entry as it is.
    private func autostartRow() -> ActionRow {
        let row = ActionRow(
            title: tr("Start with my session"), subtitle: tr("Starts the notifier when you log in to the desktop (an autostart entry of your own)."),
            subtitleLines: 3)
        let toggle = Switch()
        toggle.accessibleName = tr("Start with my session")
        toggle.align(vertical: .center)
        autostartSwitches.append(toggle)
        showAutostart()
        // The handler holds its row and switch (GTK lets go of it when the window goes).
        Signal.activeChanged.connect(toggle) { [weak self, row, toggle] _ in
            guard let self else { return }
            let entry = AutostartEntry(environment: self.environment)
            let wanted = toggle.isActive
            guard wanted != (Self.isEnabled(entry)) else { return }
            do {
                if wanted { try entry.enable(command: "weibo-notifier run") } else { try entry.disable() }
            } catch {
                row.subtitle = tr("Not saved: %s", "\(error)")
            }
            self.showAutostart()
        }
        row.add(toggle)
        row.activates(toggle)
        return row
    }

    private static func isEnabled(_ entry: AutostartEntry) -> Bool {
        if case .enabled = entry.state { return true }
        return false
    }

    private func showAutostart() {
        let enabled = Self.isEnabled(AutostartEntry(environment: environment))
        for toggle in autostartSwitches where toggle.isActive != enabled { toggle.isActive = enabled }
    }

    /// A fix of the set-up check's, from its button: the login, the autostart entry, or the
    /// page of the setting to correct.
    private func mend(_ fix: SetupFix) {
        switch fix.action {
        case .none: break
        case .logIn:
            present(page: .account)
            loginGroup.start(askingWho: nil)
        case .startWithSession:
            // Turned on through the General page's switch (shown as the entry is first): it
            // writes the entry and says a failure at its row.
            showAutostart()
            for toggle in autostartSwitches { toggle.isActive = true }
        case .correctSetting:
            present(page: fix.setting.flatMap { SettingsTable.setting(named: $0)?.page } ?? .general)
        }
    }

    /// The guide and the app's rows folded away while an account is logged in (`AccountPageFold`).
    private func foldGuide() {
        fold.update(accountLoggedIn: !files.accounts(apiBase: configuration.apiBase).isEmpty, appKey: configuration.appKey)
    }

    /// Someone logged in (or the app's callback changed): the accounts and rows again. The first
    /// login makes the notifier start with the session, as the terminal's does (never for a
    /// sandbox), and offers "Start with my session" under it, on.
    private func changed(loggedIn: Bool) {
        if let loaded = files.load() { configuration = loaded.configuration }
        let entry = AutostartEntry(environment: environment)
        if loggedIn, files.accounts(apiBase: configuration.apiBase).count == 1, !offeredAutostart {
            offeredAutostart = true
            if !configuration.isSandbox, case .disabled(file: nil) = entry.state { try? entry.enable(command: "weibo-notifier run") }
            let row = autostartRow()
            loginGroup.logIn.add(row)
            row.showAll()
        }
        showAutostart()
        accounts.show()
        foldGuide()
        showOrigins()
        loginGroup.showCallback(configuration.redirectURI)
    }
}
