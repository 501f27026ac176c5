import CGLib
import CGtk
import WeiboDesktop
import WeiboGtk
import WeiboKit

/// One section of the popup drawn (Posts, Comments or Mentions): the rows of the model's
/// section as cells drawn from their frames, the line for its state (offline since, the
/// hour's limit, not logged in), its "3 new" pill and "Load more". What happens is forwarded to
/// the window's `PopupModel` (`send`); `render` draws what it decided.
final class SectionView {
    let kind: PopupSectionKind
    /// The notebook's page and its tab.
    let page: UnsafeMutableRawPointer
    let tab: UnsafeMutableRawPointer
    private let context: PopupContext
    private let send: (PopupModel.Event) -> Void
    private let list: UnsafeMutableRawPointer
    private let stateLine: UnsafeMutableRawPointer
    private let logInButton: UnsafeMutableRawPointer
    private let pill: UnsafeMutableRawPointer
    private let spinner: UnsafeMutableRawPointer
    private let emptyLine: UnsafeMutableRawPointer
    private let loadMore: UnsafeMutableRawPointer

    /// The rows drawn (the model's visible rows, as last rendered).
    private(set) var rows: [PopupRow] = []
    /// The process drew its first row (logged once, for `make bench`). `nonisolated(unsafe)`:
    /// touched on the GTK thread alone (asserted where it is read).
    nonisolated(unsafe) private static var drewARow = false
    /// Each row's drawing area and frame, in the same order.
    private var areas: [UnsafeMutableRawPointer] = []
    /// Each row's accessible description as last set.
    private var names: [String] = []
    private var frames: [StatusFrame] = []
    /// The rows laid out before (by id), to tell `make bench` what new rows cost.
    private var laidOutIDs: Set<Int64> = []
    private var width = 0
    private var layoutGeneration = 0
    /// The row the keyboard goes to once it is drawn (rows are made as they are laid out,
    /// after the list has its width: a focus asked before would find none).
    private var pendingFocus: Int64?

    init(kind: PopupSectionKind, context: PopupContext, send: @escaping (PopupModel.Event) -> Void) {
        self.kind = kind
        self.context = context
        self.send = send
        let words = context.localizer
        page = UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_VERTICAL, 0))
        tab = UnsafeMutableRawPointer(gtk_label_new(words.text(.section(kind, count: 0))))
        stateLine = UnsafeMutableRawPointer(gtk_label_new(""))
        logInButton = UnsafeMutableRawPointer(gtk_button_new_with_label(words.text(.logIn)))
        pill = UnsafeMutableRawPointer(gtk_button_new_with_label(""))
        spinner = UnsafeMutableRawPointer(gtk_spinner_new())
        emptyLine = UnsafeMutableRawPointer(gtk_label_new(words.text(.nothingHere)))
        loadMore = UnsafeMutableRawPointer(gtk_button_new_with_label(words.text(.loadMore)))
        list = UnsafeMutableRawPointer(gtk_list_box_new())
        build()
    }

    deinit {
        if let cursor { g_object_unref(UnsafeMutableRawPointer(cursor)) }
    }

    private func build() {
        gtk_label_set_line_wrap(CGtk_label(stateLine), 1)
        gtk_label_set_xalign(CGtk_label(stateLine), 0)
        gtk_widget_set_margin_start(CGtk_widget(stateLine), 10)
        gtk_widget_set_margin_end(CGtk_widget(stateLine), 10)
        gtk_widget_set_margin_top(CGtk_widget(stateLine), 6)
        gtk_style_context_add_class(CGtk_style(stateLine), "dim-label")
        gtk_style_context_add_class(CGtk_style(pill), "suggested-action")
        gtk_widget_set_halign(CGtk_widget(pill), GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(CGtk_widget(pill), 4)
        gtk_widget_set_halign(CGtk_widget(logInButton), GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(CGtk_widget(emptyLine), 40)
        gtk_style_context_add_class(CGtk_style(emptyLine), "dim-label")
        gtk_list_box_set_selection_mode(CGtk_list_box(list), GTK_SELECTION_BROWSE)
        atk_object_set_name(CGtk_accessible(list), context.localizer.text(.section(kind, count: 0)))

        for widget in [stateLine, logInButton, pill, spinner, emptyLine, loadMore] {
            gtk_widget_set_no_show_all(CGtk_widget(widget), 1)
        }

        Signal.rowActivated.connect(list) { [weak self] _, row in
            guard let self, let row, let id = self.id(ofRow: row) else { return }
            self.send(.activated(id))
        }
        Signal.rowSelected.connect(list) { [weak self] _, row in
            guard let self, let row, let id = self.id(ofRow: row) else { return }
            self.send(.selected(id))
        }
        Signal.sizeAllocate.connect(list) { [weak self] _, allocation in
            guard let self, let allocation else { return }
            let width = Int(allocation.assumingMemoryBound(to: GtkAllocation.self).pointee.width)
            // Laid out again after this allocation, never inside it.
            if width != self.width, width > 0 { GLibSource.later { [weak self] in self?.layOut(width: width) } }
        }
        Signal.clicked.connect(pill) { [weak self] _ in
            self?.send(.pillClicked)
        }
        Signal.clicked.connect(loadMore) { [weak self] _ in
            guard let self else { return }
            self.send(.loadMore(at: self.context.now()))
        }
        Signal.clicked.connect(logInButton) { [weak self] _ in
            self?.context.client.logIn()
        }
    }

    /// Whether the page holds its widgets yet.
    private var isAttached = false

    /// Puts the section's widgets in its page. The window's first frame waits only for the
    /// section it shows: the others' (styled and measured by GTK as soon as they are in the
    /// window, hidden or not) are put in after it.
    func attach() {
        guard !isAttached else { return }
        isAttached = true
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_box_pack_start(CGtk_box(content), CGtk_widget(list), 0, 1, 0)
        gtk_box_pack_start(CGtk_box(content), CGtk_widget(loadMore), 0, 0, 6)
        let scrolled = gtk_scrolled_window_new(nil, nil)
        gtk_scrolled_window_set_policy(CGtk_scrolled_window(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(CGtk_container(scrolled), content)
        gtk_list_box_set_adjustment(CGtk_list_box(list), gtk_scrolled_window_get_vadjustment(CGtk_scrolled_window(scrolled)))
        for widget in [stateLine, logInButton, pill, spinner, emptyLine] {
            gtk_box_pack_start(CGtk_box(page), CGtk_widget(widget), 0, 0, 2)
        }
        gtk_box_pack_start(CGtk_box(page), scrolled, 1, 1, 0)
        // In a window shown already: shown with it (the hidden-until-needed ones stay hidden).
        if gtk_widget_get_visible(CGtk_widget(page)) != 0 { gtk_widget_show_all(CGtk_widget(page)) }
    }

    /// Draws the model's section: its tab's count, its state, pill and buttons, and its rows
    /// (laid out again; rows are kept by position and made as they are laid out).
    func render(_ section: PopupModel.Section) {
        guard !isDetached else { return }
        let words = context.localizer
        let title = words.text(.section(kind, count: section.unread))
        gtk_label_set_text(CGtk_label(tab), title)
        let now = context.now()
        let state = section.stateLine(localizer: words, times: context.times(), now: now)
        if let state { gtk_label_set_text(CGtk_label(stateLine), state) }
        set(stateLine, shown: state != nil)
        set(logInButton, shown: section.offersLogIn)
        if !section.waiting.isEmpty { gtk_button_set_label(CGtk_button(pill), words.text(.newRows(section.waiting.count))) }
        set(pill, shown: !section.waiting.isEmpty)
        set(emptyLine, shown: section.isEmpty)
        set(loadMore, shown: section.offersMore)
        set(spinner, shown: section.showsSpinner)
        if section.showsSpinner { gtk_spinner_start(CGtk_spinner(spinner)) } else { gtk_spinner_stop(CGtk_spinner(spinner)) }
        // Laid out again only when the rows changed (not for a count or a state).
        let shown = section.visibleRows
        guard shown != rows else { return }
        rows = shown
        rebuild()
    }

    private func set(_ widget: UnsafeMutableRawPointer, shown: Bool) {
        if shown { gtk_widget_show(CGtk_widget(widget)) } else { gtk_widget_hide(CGtk_widget(widget)) }
    }

    /// The rows' times again (at least once a minute while open).
    func redrawTimes() { layOut(width: width) }

    /// The id of the entry a list row draws.
    private func id(ofRow row: UnsafeMutableRawPointer) -> Int64? {
        let index = Int(gtk_list_box_row_get_index(CGtk_list_box_row(row)))
        return rows.indices.contains(index) ? rows[index].id : nil
    }

    // MARK: - Rows

    /// Shows `rows`: list rows are kept by position (a list row draws the row at its index) and made
    /// as their frames are laid out; the ones past the end go.
    private func rebuild() {
        while areas.count > rows.count {
            let area = areas.removeLast()
            names.removeLast()
            if let row = gtk_widget_get_parent(CGtk_widget(area)) { gtk_widget_destroy(row) }
        }
        layOut(width: width)
    }

    /// The drawing area of row `index`, made when missing; named for screen readers after its entry.
    private func area(at index: Int, now: Timestamp, times: RelativeTimeFormatter) -> UnsafeMutableRawPointer {
        if index >= areas.count {
            let row = gtk_list_box_row_new()
            let area = UnsafeMutableRawPointer(made(gtk_drawing_area_new(), "a row's drawing area"))
            gtk_container_add(CGtk_container(row), CGtk_widget(area))
            Signal.draw.connect(area) { [weak self] widget, cairo in
                guard let self else { return false }
                self.draw(index, widget: widget, cairo: OpaquePointer(cairo))
                return true
            }
            // A name, topic or link: a hand over it, its page on a click (not the row's).
            gtk_widget_add_events(CGtk_widget(area), Int32(bitPattern: GDK_BUTTON_PRESS_MASK.rawValue | GDK_POINTER_MOTION_MASK.rawValue))
            Signal.buttonPressEvent.connect(area) { [weak self] _, event in
                guard let self else { return false }
                let event = event.assumingMemoryBound(to: GdkEvent.self)
                var button: UInt32 = 0
                guard gdk_event_get_button(event, &button) != 0, button == 1 else { return false }
                if self.isOnReplyButton(index, event), self.rows.indices.contains(index) {
                    // The row selected, then its reply entry opened (as Ctrl+Enter does).
                    if let row = gtk_list_box_get_row_at_index(CGtk_list_box(self.list), Int32(index)) {
                        gtk_list_box_select_row(CGtk_list_box(self.list), row)
                    }
                    self.send(.selected(self.rows[index].id))
                    self.send(.replyAsked)
                    return true
                }
                guard let entity = self.entity(index, event) else { return false }
                // A link whose host is not what it shows opens nothing (`TextEntity.openableLink`).
                if let url = entity.url { self.context.open(url) }
                return true
            }
            Signal.motionNotifyEvent.connect(area) { [weak self] widget, event in
                guard let self, let window = gtk_widget_get_window(CGtk_widget(widget)) else { return false }
                let pointer = event.assumingMemoryBound(to: GdkEvent.self)
                let over = self.entity(index, pointer) != nil || self.isOnReplyButton(index, pointer)
                gdk_window_set_cursor(window, over ? self.handCursor(for: window) : nil)
                return false
            }
            gtk_list_box_insert(CGtk_list_box(list), row, -1)
            gtk_widget_show_all(row)
            areas.append(area)
            names.append("")
        }
        let name = rows[index].accessibleDescription(localizer: context.localizer, times: times, now: now, emoticons: context.configuration.emoticons)
        if names[index] != name, let row = gtk_widget_get_parent(CGtk_widget(areas[index])) {
            atk_object_set_name(CGtk_accessible(row), name)
            names[index] = name
            // New since the last look: marked for the eye too.
            let style = CGtk_style(UnsafeMutableRawPointer(row))
            if rows[index].isNew {
                gtk_style_context_add_class(style, "new-since-last-look")
            } else {
                gtk_style_context_remove_class(style, "new-since-last-look")
            }
        }
        return areas[index]
    }

    /// The window is going: a layout still waiting for the idle loop does nothing (its
    /// widgets go with the window).
    func detach() {
        isDetached = true
        layoutGeneration += 1
        pendingFocus = nil
    }

    private var isDetached = false

    /// Lays every row out at `width` pixels (the list's), and sizes its drawing area.
    func layOut(width: Int) {
        guard width > 0, !isDetached else { return }
        self.width = width
        layoutGeneration += 1
        frames = []
        layOutRows(from: 0, generation: layoutGeneration, now: context.now(), spent: (0, 0, 0, 0))
    }

    /// A screenful of rows first, so that the first frame does not wait for the hundredth row;
    /// the rest in batches when the window is idle (after its drawing; a newer layout stops an
    /// older one).
    /// `spent`: the frame model's time so far, in µs, and how much of it went to rows not laid
    /// out before (and how many); then the time their rows' widgets took.
    private func layOutRows(from start: Int, generation: Int, now: Timestamp, spent: (all: Int, new: Int, newRows: Int, widgets: Int)) {
        guard generation == layoutGeneration else { return }
        let timeZone = SystemTimeZone.snapshot()
        let statusLayout = context.statusLayout(now: now, timeZone: timeZone)
        let commentLayout = context.commentLayout(now: now, timeZone: timeZone)
        let times = context.times(in: timeZone)
        var spent = spent
        var height = 0
        var index = start
        // The batch's frames first, then its rows' widgets: making a row wakes the accessibility
        // bus and GTK's styling, which slowed the frame model's own work when interleaved.
        while index < rows.count, start == 0 ? height < Int(PopupWindow.size.height) : index < start + 20 {
            let started = g_get_monotonic_time()
            let frame = rows[index].frame(width: width, in: kind, statusLayout: statusLayout, commentLayout: commentLayout)
            let took = g_get_monotonic_time() - started
            spent.all += took
            if laidOutIDs.insert(rows[index].id).inserted {
                spent.new += took
                spent.newRows += 1
            }
            frames.append(frame)
            height += frame.height
            index += 1
        }
        let end = index
        let making = g_get_monotonic_time()
        for row in start..<end {
            let area = area(at: row, now: now, times: times)
            // Only the height: the width is the list's, never asked for (that would widen it).
            gtk_widget_set_size_request(CGtk_widget(area), -1, Int32(frames[row].height))
            gtk_widget_queue_draw(CGtk_widget(area))
        }
        spent.widgets += g_get_monotonic_time() - making
        focusPending()
        let total = spent
        guard end >= rows.count else {
            return GLibSource.whenIdle { [weak self] in self?.layOutRows(from: end, generation: generation, now: now, spent: total) }
        }
        // For `make bench` (with G_MESSAGES_DEBUG): the frame model's time, Pango's measures included.
        Log.debug(
            "popup: laid out \(frames.count) \(kind.rawValue) rows at \(width) px in \(Double(total.all) / 1000) ms, "
                + "\(total.newRows) new ones in \(Double(total.new) / 1000) ms, their widgets in \(Double(total.widgets) / 1000) ms "
                + "(texts whose breaks were found on the second core: \(context.measurer.breakFinder?.found ?? 0), "
                + "taken back: \(context.measurer.breakFinder?.takenBack ?? 0))")
    }

    /// The name, topic or link under a pointer event in row `index`.
    private func entity(_ index: Int, _ event: UnsafeMutablePointer<GdkEvent>) -> TextEntity? {
        guard frames.indices.contains(index) else { return nil }
        var x = 0.0
        var y = 0.0
        guard gdk_event_get_coords(event, &x, &y) != 0 else { return nil }
        return CellLinks.entity(at: Int(x), Int(y), in: frames[index], layouts: context.layouts)
    }

    /// Whether a pointer event in row `index` is on its "Reply" button.
    private func isOnReplyButton(_ index: Int, _ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard frames.indices.contains(index) else { return false }
        var x = 0.0
        var y = 0.0
        guard gdk_event_get_coords(event, &x, &y) != 0 else { return false }
        return CellLinks.isOnReplyButton(Int(x), Int(y), in: frames[index])
    }

    private var cursor: OpaquePointer?

    private func handCursor(for window: OpaquePointer) -> OpaquePointer? {
        if cursor == nil { cursor = gdk_cursor_new_from_name(gdk_window_get_display(window), "pointer") }
        return cursor
    }

    private func draw(_ index: Int, widget: UnsafeMutableRawPointer, cairo: OpaquePointer) {
        guard frames.indices.contains(index), rows.indices.contains(index) else { return }
        MainContext.assertOnLoopThread()
        if !Self.drewARow {
            Self.drewARow = true
            Log.debug("popup: first row drawn at \(g_get_real_time()) µs")
        }
        let entry = rows[index]
        var painter = CellPainter(layouts: context.layouts, palette: CellPainter.Palette(widget: widget), image: context.images.image)
        painter.scale = Int(gtk_widget_get_scale_factor(CGtk_widget(widget)))
        painter.paint(frames[index], on: cairo, avatar: entry.avatarURL, thumbnails: entry.thumbnailURLs)
    }

    /// The row selected, if any.
    var selectedRow: PopupRow? {
        guard let row = gtk_list_box_get_selected_row(CGtk_list_box(list)) else { return nil }
        let index = Int(gtk_list_box_row_get_index(row))
        return rows.indices.contains(index) ? rows[index] : nil
    }

    /// Puts the keyboard on the row of `id` (selected too), now if it is drawn, else as soon
    /// as it is.
    func focus(_ id: Int64) {
        guard !isDetached else { return }
        pendingFocus = id
        focusPending()
    }

    private func focusPending() {
        guard let id = pendingFocus, let index = rows.firstIndex(where: { $0.id == id }), index < areas.count,
            let row = gtk_list_box_get_row_at_index(CGtk_list_box(list), Int32(index))
        else { return }
        pendingFocus = nil
        gtk_list_box_select_row(CGtk_list_box(list), row)
        gtk_widget_grab_focus(CGtk_widget(UnsafeMutableRawPointer(row)))
    }
}
