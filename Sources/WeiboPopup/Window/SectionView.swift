import CGLib
import CGtk
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// One section of the popup drawn (Posts, Comments or Mentions): the rows of the model's
/// section as cells drawn from their frames, the line for its state (offline since, the
/// hour's limit, not logged in), its "3 new" pill and "Load more". What happens is forwarded to
/// the window's `PopupModel` (`send`); `render` draws what it decided.
final class SectionView {
    let kind: PopupSectionKind
    /// The notebook's page and its tab.
    let page = Box(.vertical)
    let tab: Label
    private let context: PopupContext
    private let send: (PopupModel.Event) -> Void
    /// The section's widgets (its template's), put in `page` when it is first shown.
    private let parts = Parts()
    private var list: ListBox { parts.list }
    private var stateLine: Label { parts.stateLine }
    private var logInButton: Button { parts.logIn }
    private var pill: Button { parts.pill }
    private var spinner: Spinner { parts.spinner }
    private var emptyLine: Label { parts.emptyLine }
    private var loadMore: Button { parts.loadMore }

    /// The rows drawn (the model's visible rows, as last rendered).
    private(set) var rows: [PopupRow] = []
    /// The process drew its first row (logged once, for `make bench`). `nonisolated(unsafe)`:
    /// touched on the GTK thread alone (asserted where it is read).
    nonisolated(unsafe) private static var drewARow = false
    /// Each row's list row and drawing area, in the same order as `rows`.
    private var areas: [(row: ListBoxRow, area: DrawingArea)] = []
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
        tab = Label(words.text(.section(kind, count: 0)))
        logInButton.label = words.text(.logIn)
        emptyLine.text = words.text(.nothingHere)
        loadMore.label = words.text(.loadMore)
        list.accessibleName = words.text(.section(kind, count: 0))
        connect()
    }

    /// Draws the rows again (a picture arrived). The list itself: the scrolled window keeps what
    /// it drew in a cache that drawing the window again does not clear, so a picture that came
    /// after the rows were drawn stayed a placeholder until the list scrolled.
    func redrawRows() {
        list.queueDraw()
    }

    private func connect() {
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
        list.scrolls(in: parts.scrolled)
        page.pack(parts.section, expand: true, fill: true)
        // In a window shown already: shown with it (the hidden-until-needed ones stay hidden).
        if page.isVisible { page.showAll() }
    }

    /// Draws the model's section: its tab's count, its state, pill and buttons, and its rows
    /// (laid out again; rows are kept by position and made as they are laid out).
    func render(_ section: PopupModel.Section) {
        guard !isDetached else { return }
        let words = context.localizer
        let title = words.text(.section(kind, count: section.unread))
        tab.text = title
        let now = context.now()
        let state = section.stateLine(localizer: words, times: context.times(), now: now)
        if let state { stateLine.text = state }
        stateLine.isVisible = state != nil
        logInButton.isVisible = section.offersLogIn
        if !section.waiting.isEmpty { pill.label = words.text(.newRows(section.waiting.count)) }
        pill.isVisible = !section.waiting.isEmpty
        emptyLine.isVisible = section.isEmpty
        loadMore.isVisible = section.offersMore
        spinner.isVisible = section.showsSpinner
        spinner.spin(section.showsSpinner)
        // Laid out again only when the rows changed (not for a count or a state).
        let shown = section.visibleRows
        guard shown != rows else { return }
        rows = shown
        rebuild()
    }

    /// The rows' times again (at least once a minute while open).
    func redrawTimes() { layOut(width: width) }

    /// The id of the entry a list row draws.
    private func id(ofRow row: UnsafeMutableRawPointer) -> Int64? {
        let index = ListBox.index(ofRow: row)
        return rows.indices.contains(index) ? rows[index].id : nil
    }

    // MARK: - Rows

    /// Shows `rows`: list rows are kept by position (a list row draws the row at its index) and made
    /// as their frames are laid out; the ones past the end go.
    private func rebuild() {
        while areas.count > rows.count {
            areas.removeLast().row.destroy()
            names.removeLast()
        }
        layOut(width: width)
    }

    /// The drawing area of row `index`, made when missing; named for screen readers after its entry.
    private func area(at index: Int, now: Timestamp, times: RelativeTimeFormatter) -> DrawingArea {
        if index >= areas.count {
            let row = ListBoxRow()
            let area = DrawingArea()
            row.add(area)
            Signal.draw.connect(area) { [weak self] _, cairo in
                guard let self else { return false }
                self.draw(index, cairo: OpaquePointer(cairo))
                return true
            }
            // A name, topic or link: a hand over it, its page on a click (not the row's).
            area.receivesPointer()
            Signal.buttonPressEvent.connect(area) { [weak self] _, event in
                guard let self else { return false }
                let event = Event(event)
                guard event.isFirstButton else { return false }
                if self.isOnReplyButton(index, event), self.rows.indices.contains(index) {
                    // The row selected, then its reply entry opened (as Ctrl+Enter does).
                    self.list.select(at: index)
                    self.send(.selected(self.rows[index].id))
                    self.send(.replyAsked)
                    return true
                }
                guard let entity = self.entity(index, event) else { return false }
                // A link whose host is not what it shows opens nothing (`TextEntity.openableLink`).
                if let url = entity.url { self.context.open(url) }
                return true
            }
            Signal.motionNotifyEvent.connect(area) { [weak self] _, event in
                guard let self, self.areas.indices.contains(index) else { return false }
                let event = Event(event)
                let area = self.areas[index].area
                let over = self.entity(index, event) != nil || self.isOnReplyButton(index, event)
                area.setCursor(over ? self.handCursor(for: area) : nil)
                return false
            }
            list.append(row)
            row.showAll()
            areas.append((row, area))
            names.append("")
        }
        let name = rows[index].accessibleDescription(localizer: context.localizer, times: times, now: now, emoticons: context.configuration.emoticons)
        let row = areas[index].row
        if names[index] != name {
            row.accessibleName = name
            names[index] = name
            // New since the last look: marked for the eye too.
            row.setStyleClass("new-since-last-look", rows[index].isNew)
        }
        return areas[index].area
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
            area.requestSize(height: Int32(frames[row].height))
            area.queueDraw()
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
                + "\(total.newRows) new ones in \(Double(total.new) / 1000) ms, their widgets in \(Double(total.widgets) / 1000) ms")
    }

    /// The name, topic or link under a pointer event in row `index`.
    private func entity(_ index: Int, _ event: Event) -> TextEntity? {
        guard frames.indices.contains(index), let point = event.point else { return nil }
        return CellLinks.entity(at: Int(point.x), Int(point.y), in: frames[index], layouts: context.layouts)
    }

    /// Whether a pointer event in row `index` is on its "Reply" button.
    private func isOnReplyButton(_ index: Int, _ event: Event) -> Bool {
        guard frames.indices.contains(index), let point = event.point else { return false }
        return CellLinks.isOnReplyButton(Int(point.x), Int(point.y), in: frames[index])
    }

    /// The hand over a link, made the first time it is needed.
    private var cursor: Cursor?

    private func handCursor(for area: DrawingArea) -> Cursor? {
        if cursor == nil { cursor = Cursor(named: "pointer", for: area) }
        return cursor
    }

    private func draw(_ index: Int, cairo: OpaquePointer) {
        guard frames.indices.contains(index), rows.indices.contains(index), areas.indices.contains(index) else { return }
        let area = areas[index].area
        MainContext.assertOnLoopThread()
        if !Self.drewARow {
            Self.drewARow = true
            Log.debug("popup: first row drawn at \(g_get_real_time()) µs")
        }
        let entry = rows[index]
        var painter = CellPainter(layouts: context.layouts, palette: CellPainter.Palette(area.colors), image: context.images.image)
        painter.scale = area.scaleFactor
        painter.paint(frames[index], on: cairo, avatar: entry.avatarURL, thumbnails: entry.thumbnailURLs)
    }

    /// The row selected, if any.
    var selectedRow: PopupRow? {
        guard let index = list.selectedIndex else { return nil }
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
        guard let id = pendingFocus, let index = rows.firstIndex(where: { $0.id == id }), index < areas.count, list.focus(at: index) else { return }
        pendingFocus = nil
    }
}
