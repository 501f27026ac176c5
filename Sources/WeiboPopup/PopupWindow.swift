import CGLib
import CGtk
import WeiboDesktop
import WeiboGtk
import WeiboKit

/// The popup's window: three sections as tabs (Posts · Comments · Mentions, each with its
/// unread count), opened at the tray icon (X11), in a corner (layer-shell), or where the shell
/// puts it (GNOME on Wayland); closed by Esc, a click elsewhere, or the tray icon again.
final class PopupWindow {
    static let size = (width: Int32(400), height: Int32(560))

    let window: UnsafeMutableRawPointer
    private let notebook: UnsafeMutableRawPointer
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
    private var shortcuts: UnsafeMutableRawPointer?
    /// Runs once the window is gone and the daemon was told what was seen.
    var closed: (() -> Void)?
    private(set) var isClosing = false

    init(application: UnsafeMutableRawPointer, context: PopupContext) {
        self.context = context
        window = UnsafeMutableRawPointer(made(gtk_application_window_new(CGtk_application(application)), "its window"))
        notebook = UnsafeMutableRawPointer(made(gtk_notebook_new(), "its tabs"))
        model = PopupModel(expandsEveryRow: context.configuration.popupCells == .full, lastLooks: context.lastLooks.read())
        search = PopupSearch(localizer: context.localizer)
        replyBar = ReplyBar(localizer: context.localizer)
        views = PopupSectionKind.allCases.map { kind in SectionView(kind: kind, context: context) { [weak self] in self?.send($0) } }
        gtk_window_set_title(CGtk_window(window), context.localizer.text(.appName))
        gtk_window_set_default_size(CGtk_window(window), Self.size.width, Self.size.height)
        // A popup, not an application window: no title bar, not in the taskbar or the pager,
        // above the others; a window manager places a utility window where it asks.
        gtk_window_set_decorated(CGtk_window(window), 0)
        gtk_window_set_type_hint(CGtk_window(window), GDK_WINDOW_TYPE_HINT_UTILITY)
        gtk_window_set_skip_taskbar_hint(CGtk_window(window), 1)
        gtk_window_set_skip_pager_hint(CGtk_window(window), 1)
        gtk_window_set_keep_above(CGtk_window(window), 1)
        // The tabs stay out of the keyboard's way: the rows have it, sections switch with
        // Tab, Ctrl+Tab and Alt+1/2/3.
        gtk_widget_set_can_focus(CGtk_widget(notebook), 0)
        gtk_window_set_icon_name(CGtk_window(window), "io.github.WeiboNotifier")
        for section in views {
            gtk_notebook_append_page(CGtk_notebook(notebook), CGtk_widget(section.page), CGtk_widget(section.tab))
        }
        // The settings button over the tabs' row, at its end (an overlay: a notebook's action
        // widget is no child of its accessible, so a screen reader would not find it).
        let overlay = UnsafeMutableRawPointer(made(gtk_overlay_new(), "an overlay"))
        gtk_container_add(CGtk_container(overlay), CGtk_widget(notebook))
        let header = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_set_halign(header, GTK_ALIGN_END)
        gtk_widget_set_valign(header, GTK_ALIGN_START)
        gtk_box_pack_start(CGtk_box(header), CGtk_widget(hotSearchButton()), 0, 0, 0)
        gtk_box_pack_start(CGtk_box(header), CGtk_widget(settingsButton()), 0, 0, 0)
        gtk_overlay_add_overlay(CGtk_overlay(overlay), header)
        // The search bar over the sections (hidden until asked for).
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_pack_start(CGtk_box(column), CGtk_widget(search.bar), 0, 0, 0)
        gtk_box_pack_start(CGtk_box(column), CGtk_widget(overlay), 1, 1, 0)
        gtk_box_pack_start(CGtk_box(column), CGtk_widget(replyBar.box), 0, 0, 0)
        gtk_container_add(CGtk_container(window), column)
        connect()
    }

    /// The header's "Hot search" button (beside the tabs, a flame as on Weibo's own list: its
    /// words would cover the last tab): Weibo's hot-search list in the browser, and this one closes.
    private func hotSearchButton() -> UnsafeMutableRawPointer {
        headerButton(made(gtk_button_new_with_label("\u{1F525}"), "a button"), named: context.localizer.text(.hotSearch)) { $0.openHotSearch() }
    }

    /// The header's settings button (beside the tabs): the settings window, and this one closes.
    private func settingsButton() -> UnsafeMutableRawPointer {
        headerButton(
            made(gtk_button_new_from_icon_name("emblem-system-symbolic", GTK_ICON_SIZE_BUTTON), "a button"), named: context.localizer.text(.settings)
        ) { $0.openSettings() }
    }

    /// A flat header button: its tooltip and accessible name are `name`; a click does `action`.
    private func headerButton(_ made: UnsafeMutablePointer<GtkWidget>, named name: String, action: @escaping (PopupWindow) -> Void)
        -> UnsafeMutableRawPointer
    {
        let button = UnsafeMutableRawPointer(made)
        gtk_button_set_relief(CGtk_button(button), GTK_RELIEF_NONE)
        gtk_widget_set_tooltip_text(CGtk_widget(button), name)
        atk_object_set_name(CGtk_accessible(button), name)
        Signal.clicked.connect(button) { [weak self] _ in
            if let self { action(self) }
        }
        return button
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
            return self.keyPressed(event.assumingMemoryBound(to: GdkEvent.self))
        }
        Signal.focusOutEvent.connect(window) { [weak self] _, _ in
            guard let self, self.context.configuration.popupClosesOnFocusOut else { return false }
            // A click elsewhere, if the keyboard stays away: a window that maps can lose it
            // and have it back at once. Later too, so that a click on the tray icon that toggles
            // comes first.
            GLibSource.later(afterMilliseconds: 150) { [weak self] in
                // The shortcuts window over it has the keyboard: it stays.
                guard let self, gtk_window_is_active(CGtk_window(self.window)) == 0, self.shortcuts == nil else { return }
                self.close()
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
        context.images.arrived = { [weak self] in
            guard let self else { return }
            gtk_widget_queue_draw(CGtk_widget(self.window))
        }
    }

    // MARK: - Showing

    /// Shows the window at `kind`'s section; placed at `point` (X11), else at the pointer.
    func show(_ kind: PopupSectionKind, at point: (x: Int32, y: Int32)?) {
        let index = PopupSectionKind.allCases.firstIndex(of: kind) ?? 0
        if gtk_widget_get_visible(CGtk_widget(window)) == 0 {
            place(at: point)
            views[index].attach()
            gtk_widget_show_all(CGtk_widget(window))
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
        gtk_notebook_set_current_page(CGtk_notebook(notebook), Int32(index))
        send(.opened(kind, at: context.now()))
        gtk_window_present(CGtk_window(window))
    }

    var currentKind: PopupSectionKind { model.current }
    /// The account it shows, by uid (nil: the notifier's default).
    var account: String? { context.client.account }
    var isVisible: Bool { gtk_widget_get_visible(CGtk_widget(window)) != 0 }

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
        guard let clock = gtk_widget_get_frame_clock(CGtk_widget(window)) else { return }
        Signal.beforePaint.connect(UnsafeMutableRawPointer(clock)) { [weak self] _ in
            self?.frameStarted = g_get_monotonic_time()
        }
        Signal.afterPaint.connect(UnsafeMutableRawPointer(clock)) { [weak self] _ in
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
        if gtk_layer_is_supported() != 0 {
            gtk_layer_init_for_window(CGtk_window(window))
            // Above the notification bubbles (mako's are on the top layer, in the same corner).
            gtk_layer_set_layer(CGtk_window(window), GTK_LAYER_SHELL_LAYER_OVERLAY)
            gtk_layer_set_namespace(CGtk_window(window), "weibo-notifier")
            gtk_layer_set_keyboard_mode(CGtk_window(window), GTK_LAYER_SHELL_KEYBOARD_MODE_ON_DEMAND)
            // A layer surface is as big as its window asks, not its default size.
            gtk_widget_set_size_request(CGtk_widget(window), Self.size.width, Self.size.height)
            let corner = context.configuration.popupCorner
            let top = corner == .topRight || corner == .topLeft
            let right = corner == .topRight || corner == .bottomRight
            for (edge, on) in [
                (GTK_LAYER_SHELL_EDGE_TOP, top), (GTK_LAYER_SHELL_EDGE_BOTTOM, !top), (GTK_LAYER_SHELL_EDGE_RIGHT, right), (GTK_LAYER_SHELL_EDGE_LEFT, !right),
            ] {
                gtk_layer_set_anchor(CGtk_window(window), edge, on ? 1 : 0)
                gtk_layer_set_margin(CGtk_window(window), edge, on ? 8 : 0)
            }
            return
        }
        guard let display = gdk_display_get_default() else { return }
        // Only X11 lets a window place itself; elsewhere the shell does.
        guard String(cString: CGtk_type_name(UnsafeMutableRawPointer(display))).hasPrefix("GdkX11") else { return }
        var x: Int32 = 0
        var y: Int32 = 0
        if let point {
            (x, y) = point
        } else if let seat = gdk_display_get_default_seat(display), let pointer = gdk_seat_get_pointer(seat) {
            gdk_device_get_position(pointer, nil, &x, &y)
        }
        guard let monitor = gdk_display_get_monitor_at_point(display, x, y) else { return }
        var area = GdkRectangle()
        gdk_monitor_get_workarea(monitor, &area)
        let placement = PopupPlacement(
            area: .init(x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height)), width: Int(Self.size.width),
            height: Int(Self.size.height), currentDesktop: context.environment["XDG_CURRENT_DESKTOP"] ?? "")
        let frame = placement.frame(at: (Int(x), Int(y)))
        gtk_window_set_default_size(CGtk_window(window), Int32(frame.width), Int32(frame.height))
        gtk_window_move(CGtk_window(window), Int32(frame.x), Int32(frame.y))
    }

    // MARK: - Keys

    /// What a key does is WeiboKit's `PopupKeyAction`; here it is carried out. The list moves
    /// with the arrows, Page Up/Down, Home and End itself.
    private func keyPressed(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let key = CGtk_event_keyval(event)
        let state = CGtk_event_state(event)
        let press = PopupKeyPress(
            gdk_keyval_name(key).map { String(cString: $0) } ?? "", control: state & UInt32(CGtk_CONTROL_MASK) != 0,
            alt: state & UInt32(CGtk_MOD1_MASK) != 0, shift: state & UInt32(CGtk_SHIFT_MASK) != 0)
        let count = PopupSectionKind.allCases.count
        // The shortcuts window is over it: Esc is that window's (where the keyboard stayed with
        // the popup, as without a window manager), and closes it, not the popup.
        if let shortcuts, press.name == "Escape" {
            gtk_window_close(CGtk_window(shortcuts))
            return true
        }
        guard let action = PopupKeyAction.of(press, sections: count) else {
            // Text typed while the rows have the keyboard starts a search with it.
            return !press.control && !press.alt && search.typed(event)
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
            gtk_notebook_set_current_page(CGtk_notebook(notebook), Int32((current + step + count) % count))
        case .section(let index): gtk_notebook_set_current_page(CGtk_notebook(notebook), Int32(index))
        case .reply: send(.replyAsked)
        case .reload: send(.reload(at: context.now()))
        case .copy:
            guard !search.hasFocus, let row = view(model.current).selectedRow else { return false }
            gtk_clipboard_set_text(gtk_clipboard_get(gdk_atom_intern("CLIPBOARD", 0)), row.copyText, -1)
        case .hotSearch: openHotSearch()
        case .settings: openSettings()
        }
        return true
    }

    /// The shortcuts window over the popup (once: asked again, it comes to the front).
    private func showShortcuts() {
        if let shortcuts { return gtk_window_present(CGtk_window(shortcuts)) }
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
        gtk_widget_hide(CGtk_widget(window))
        send(.closing(at: context.now()))
    }

    private func finish() {
        for view in views { view.detach() }
        Log.debug("popup: \(frameCount) frames, the longest \(Double(longestFrame) / 1000) ms")
        gtk_widget_destroy(CGtk_widget(window))
        closed?()
    }
}
