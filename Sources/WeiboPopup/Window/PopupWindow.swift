import CGLib
import CGtk
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The popup's window: three sections as tabs (Posts · Comments · Mentions, each with its
/// unread count), opened at the tray icon (X11), in a corner (layer-shell), or where the shell
/// puts it (GNOME on Wayland); closed by Esc, a click elsewhere, or the tray icon again.
final class PopupWindow {
    static let size = (width: Int32(400), height: Int32(560))

    let window: Window
    /// The sections' tabs (the rows have the keyboard: sections switch with Tab, Ctrl+Tab and
    /// Alt+1/2/3).
    private let notebook: Notebook
    /// The sections drawn, in the model's order (`PopupSectionKind.allCases`).
    private var views: [SectionView] = []
    private let context: PopupContext
    /// The popup's rules: every event goes there, and what it decides is carried out here.
    private var model: PopupModel
    /// The model's next tick (times redrawn, asking again).
    private var wake: GLibSource?
    private let search: PopupSearch
    private let replyBar: ReplyBar
    /// The shortcuts window while it is open (the popup stays open under it).
    private var shortcuts: Window?
    /// Runs once the window is gone and the daemon was told what was seen.
    var closed: (() -> Void)?
    private(set) var isClosing = false
    /// Whether it had the keyboard since the last click that showed it (that click's own
    /// focus-out closes nothing).
    private var focusedSinceClick = true

    init(application: Application, context: PopupContext) {
        self.context = context
        let parts = Parts()
        window = parts.window
        notebook = parts.notebook
        window.belongs(to: application)
        model = PopupModel(expandsEveryRow: context.configuration.popupCells == .full, lastLooks: context.lastLooks.read())
        search = PopupSearch(bar: parts.searchBar, localizer: context.localizer)
        replyBar = ReplyBar(box: parts.replyBar, note: parts.replyNote, localizer: context.localizer)
        views = PopupSectionKind.allCases.map { kind in SectionView(kind: kind, context: context) { [weak self] in self?.send($0) } }
        window.title = context.localizer.text(.appName)
        window.setDefaultSize(width: Self.size.width, height: Self.size.height)
        // No title bar and no taskbar entry, so no window icon: desktops find the popup's in
        // its desktop entry, and a named icon would load the icon themes (popup-window.ui).
        window.isAPopup(normal: PopupPlacement.isNormalWindow(currentDesktop: context.environment["XDG_CURRENT_DESKTOP"] ?? ""))
        for section in views { notebook.append(section.page, tab: section.tab) }
        // The hot search (a flame as on Weibo's own list: its words would cover the last tab)
        // and the settings, each in the browser or its window; this one closes.
        headerButton(parts.hotSearch, named: context.localizer.text(.hotSearch)) { $0.openHotSearch() }
        headerButton(parts.settings, named: context.localizer.text(.settings)) { $0.openSettings() }
        connect()
    }

    /// A header button: its tooltip and accessible name are `name`; a click does `action`.
    private func headerButton(_ button: Button, named name: String, action: @escaping (PopupWindow) -> Void) {
        button.tooltip = name
        button.accessibleName = name
        Signal.clicked.connect(button) { [weak self] _ in
            if let self { action(self) }
        }
    }

    /// Weibo's hot search in the browser (the flame, Ctrl+H); the popup closes.
    private func openHotSearch() {
        context.open(WeiboPages.hotSearch)
        close()
    }

    /// The settings window (the gear, Ctrl+,); the popup closes once it started.
    private func openSettings() {
        if let reason = SettingsLauncher.open(nil, environment: context.environment) {
            Log.message("the settings window could not start: \(reason)")
        } else {
            close()
        }
    }

    private func connect() {
        Signal.switchPage.connect(notebook) { [weak self] _, _, number in
            guard let self, PopupSectionKind.allCases.indices.contains(Int(number)) else { return }
            let kind = PopupSectionKind.allCases[Int(number)]
            self.views[Int(number)].attach()
            if kind != self.model.current { self.send(.switched(to: kind, at: self.context.now())) }
        }
        Signal.keyPressEvent.connect(window) { [weak self] _, event in
            guard let self else { return false }
            return self.keyPressed(Event(event))
        }
        Signal.focusInEvent.connect(window) { [weak self] _, _ in
            self?.focusedSinceClick = true
            return false
        }
        Signal.focusOutEvent.connect(window) { [weak self] _, _ in
            // A click elsewhere, if the keyboard stays away: a window that maps can lose it
            // and have it back at once. Later too, so that a click on the tray icon that toggles
            // comes first.
            GLibSource.later(afterMilliseconds: 150) { [weak self] in
                guard let self else { return }
                let closes = PopupStart.closesOnFocusOut(
                    setting: self.context.configuration.popupClosesOnFocusOut, focusedAgain: self.window.isActive, shortcutsOpen: self.shortcuts != nil,
                    focusedSinceClick: self.focusedSinceClick)
                if closes { self.close() }
            }
            return false
        }
        Signal.deleteEvent.connect(window) { [weak self] _, _ in
            self?.close()
            return true
        }
        search.changed = { [weak self] text in self?.send(.filterTyped(text)) }
        replyBar.typed = { [weak self] row, text in self?.send(.replyTyped(row, text)) }
        replyBar.closed = { [weak self] row in
            guard let self else { return }
            self.view(self.model.current).focus(row)
        }
        search.toRows = { [weak self] in
            guard let self, let row = self.model[self.model.current].visibleRows.first else { return }
            self.view(self.model.current).focus(row.id)
        }
        context.client.countsChanged = { [weak self] counts in
            guard let self else { return }
            self.send(.countsChanged(counts, at: self.context.now()))
        }
        context.opened = { [weak self] in
            guard let self else { return }
            let closes = PopupStart.closesAfterOpeningLink(
                setting: self.context.configuration.popupClosesOnFocusOut, holdsKeyboard: Placement.hasLayerShell)
            if closes { self.close() }
        }
        context.images.arrived = { [weak self] in
            for section in self?.views ?? [] { section.redrawRows() }
        }
    }

    // MARK: - Showing

    /// Shows the window at `kind`'s section; placed at `point` (X11), else at the pointer.
    /// `clicked`: presented with a click's activation token, which the focus follows.
    func show(_ kind: PopupSectionKind, at point: (x: Int32, y: Int32)?, clicked: Bool) {
        if clicked && !window.isActive { focusedSinceClick = false }
        let index = PopupSectionKind.allCases.firstIndex(of: kind) ?? 0
        if !window.isVisible {
            place(at: point)
            views[index].attach()
            window.showAll()
            // The other sections once the window drew.
            GLibSource.whenIdle { [weak self] in
                for section in self?.views ?? [] { section.attach() }
            }
            timeFrames()
            context.client.counts { [weak self] counts in
                guard let self else { return }
                self.send(.countsChanged(counts, at: self.context.now()))
            }
        }
        // The tab first (its signal tells the model of a switch), then the model of the open.
        notebook.currentPage = Int32(index)
        send(.opened(kind, at: context.now()))
        window.present()
    }

    /// Hidden and shown again at `kind`'s section, for a click's activation token (`PopupStart.mapAgain`).
    func mapAgain(_ kind: PopupSectionKind, at point: (x: Int32, y: Int32)?) {
        window.hide()
        window.showAll()
        show(kind, at: point, clicked: true)
    }

    var currentKind: PopupSectionKind { model.current }
    /// Whether it is the window in front (see `Window.isFocused`).
    var isFocused: Bool { window.isFocused }
    /// The account it shows, by uid (nil: the notifier's default).
    var account: String? { context.client.account }
    var isVisible: Bool { window.isVisible }

    private func view(_ kind: PopupSectionKind) -> SectionView { views[PopupSectionKind.allCases.firstIndex(of: kind) ?? 0] }

    // MARK: - The model

    /// Hands an event to the model and carries out what it decides.
    private func send(_ event: PopupModel.Event) {
        for effect in model.handle(event) { carryOut(effect) }
    }

    private func carryOut(_ effect: PopupModel.Effect) {
        switch effect {
        case .fetch(let kind, let count):
            context.client.items(kind, count: count) { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let items): self.send(.itemsArrived(kind, items, at: self.context.now()))
                case .failure(let failure): self.send(.itemsFailed(kind, failure.trouble, at: self.context.now()))
                }
            }
        case .show(let kind):
            view(kind).render(model[kind])
        case .focus(let kind, let row):
            if kind == model.current { view(kind).focus(row) }
        case .open(let url):
            context.open(url)
        case .markSeen(let kinds):
            context.lastLooks.write(model.lastLooks)
            var waiting = kinds.count
            guard waiting > 0 else { return finish() }
            for kind in kinds {
                context.client.markSeen(kind) { [weak self] in
                    waiting -= 1
                    if waiting == 0 { self?.finish() }
                }
            }
        case .redrawTimes:
            for view in views { view.redrawTimes() }
        case .openReply(let kind, let row, let name):
            if kind == model.current { replyBar.open(row: row, to: name) }
        case .sendReply(let row, let request):
            context.client.reply(request) { [weak self] result in
                guard let self else { return }
                var failure: String?
                if case .failure(let why) = result { failure = why.words(self.context.localizer) }
                self.send(.replyAnswered(row, failure: failure))
                self.replyBar.answered(row: row, failure: failure)
            }
        case .wake(let at):
            wake = GLibSource.once(afterSeconds: max(0, at.seconds(since: context.now()))) { [weak self] in
                guard let self else { return }
                self.wake = nil
                self.send(.tick(at: self.context.now()))
            }
        }
    }

    /// The longest frame (the frame clock's paint: layout and drawing), for `make bench`.
    private var frameStarted = 0
    private var longestFrame = 0
    private var frameCount = 0

    private func timeFrames() {
        guard let clock = window.frameClock else { return }
        Signal.beforePaint.connect(clock) { [weak self] _ in
            self?.frameStarted = g_get_monotonic_time()
        }
        Signal.afterPaint.connect(clock) { [weak self] _ in
            guard let self, self.frameStarted > 0 else { return }
            let took = g_get_monotonic_time() - self.frameStarted
            // For `make bench`: each frame's time (layout and drawing) and when it ended.
            Log.debug("popup: frame of \(Double(took) / 1000) ms at \(g_get_real_time()) µs")
            self.longestFrame = max(self.longestFrame, took)
            self.frameCount += 1
        }
    }

    // MARK: - Placing

    /// On layer-shell compositors a layer surface in the configured corner; on X11 at the point
    /// (or the pointer), as `PopupPlacement` says.
    private func place(at point: (x: Int32, y: Int32)?) {
        if Placement.hasLayerShell {
            let corner = context.configuration.popupCorner
            Placement.inCorner(
                window, .init(top: corner == .topRight || corner == .topLeft, right: corner == .topRight || corner == .bottomRight),
                width: Self.size.width, height: Self.size.height, margin: 8, namespace: "weibo-notifier")
            return
        }
        // Only X11 lets a window place itself; elsewhere the shell does.
        guard Placement.isX11, case let at = point ?? Placement.pointer ?? (0, 0), let screen = Placement.workArea(at: at) else { return }
        let placement = PopupPlacement(
            area: screen.area, monitor: screen.monitor, width: Int(Self.size.width), height: Int(Self.size.height),
            currentDesktop: context.environment["XDG_CURRENT_DESKTOP"] ?? "")
        let frame = placement.frame(at: (Int(at.x), Int(at.y)))
        window.setDefaultSize(width: Int32(frame.width), height: Int32(frame.height))
        window.move(x: Int32(frame.x), y: Int32(frame.y))
    }

    // MARK: - Keys

    /// What a key does is WeiboKit's `PopupKeyAction`; here it is carried out. The list moves
    /// with the arrows, Page Up/Down, Home and End itself.
    private func keyPressed(_ event: Event) -> Bool {
        let press = PopupKeyPress(event.keyName, control: event.control, alt: event.alt, shift: event.shift)
        let count = PopupSectionKind.allCases.count
        // The shortcuts window is over it: Esc is that window's (where the keyboard stayed with
        // the popup, as without a window manager), and closes it, not the popup.
        if let shortcuts, press.name == "Escape" {
            shortcuts.close()
            return true
        }
        let focus: PopupKeyFocus = replyBar.hasFocus ? .replyEntry : search.hasFocus ? .searchEntry : .rows
        let action: PopupKeyAction
        switch PopupKeyRoute.of(press, typesText: event.typesText, focus: focus, sections: count) {
        case .action(let routed): action = routed
        case .focused: return false
        case .search: return search.typed(event)
        }
        switch action {
        case .escape:
            // The reply entry closes first; a search is cleared, then hidden (the keyboard back on
            // the rows); then Esc closes.
            if replyBar.isOpen {
                replyBar.close()
            } else if search.escape() {
                if !search.isShown { search.toRows?() }
            } else {
                close()
            }
        case .search: search.show()
        case .shortcuts: showShortcuts()
        case .step(let step):
            let current = PopupSectionKind.allCases.firstIndex(of: model.current) ?? 0
            notebook.currentPage = Int32((current + step + count) % count)
        case .section(let index): notebook.currentPage = Int32(index)
        case .reply: send(.replyAsked)
        case .reload: send(.reload(at: context.now()))
        case .copy:
            guard let row = view(model.current).selectedRow else { return false }
            Clipboard.copy(row.copyText)
        case .hotSearch: openHotSearch()
        case .settings: openSettings()
        }
        return true
    }

    /// The shortcuts window over the popup (once: asked again, it comes to the front).
    private func showShortcuts() {
        if let shortcuts { return shortcuts.present() }
        guard let shown = ShortcutsWindow.show(over: window, localizer: context.localizer) else { return }
        shortcuts = shown
        Signal.destroy.connect(shown) { [weak self] _ in
            self?.shortcuts = nil
        }
    }

    // MARK: - Closing

    /// Hides the window, tells the daemon which sections were seen, then `closed`.
    func close() {
        guard !isClosing else { return }
        isClosing = true
        wake = nil
        window.hide()
        send(.closing(at: context.now()))
    }

    private func finish() {
        for view in views { view.detach() }
        Log.debug("popup: \(frameCount) frames, the longest \(Double(longestFrame) / 1000) ms")
        window.destroy()
        closed?()
    }
}
