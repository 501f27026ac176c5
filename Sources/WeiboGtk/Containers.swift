public import CGLib
public import CGtk

extension Widget {
    /// Scrolls the page it is on to show it once it has its place (it may have just been shown).
    public func scrollIntoViewOncePlaced() {
        var handler: UInt = 0
        handler = Signal.sizeAllocate.connect(self) { widget, _ in
            guard handler != 0 else { return }
            Signal.sizeAllocate.disconnect(widget, handler)
            handler = 0
            let widget = widget.assumingMemoryBound(to: GtkWidget.self)
            guard let scrolled = gtk_widget_get_ancestor(widget, gtk_scrolled_window_get_type()),
                let content = gtk_bin_get_child(UnsafeMutablePointer(OpaquePointer(scrolled))),
                let adjustment = gtk_scrolled_window_get_vadjustment(UnsafeMutablePointer(OpaquePointer(scrolled)))
            else { return }
            var top: Int32 = 0
            var left: Int32 = 0
            guard gtk_widget_translate_coordinates(widget, content, 0, 0, &left, &top) != 0 else { return }
            let height = gtk_widget_get_allocated_height(widget)
            gtk_adjustment_clamp_page(adjustment, Double(top), Double(top + height))
        }
    }
}

/// A widget that holds others (GtkContainer).
open class Container: Widget {
    open override class var gtkType: GType { gtk_container_get_type() }

    /// Puts `child` in it (a box: at the end; a window or a row: its one child).
    public func add(_ child: Widget) { gtk_container_add(cast(GtkContainer.self), child.pointer) }
}

/// Children in a row or a column (GtkBox).
public final class Box: Container {
    public override class var gtkType: GType { gtk_box_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public enum Direction {
        case horizontal, vertical
    }

    public init(_ direction: Direction, spacing: Int32 = 0) {
        super.init(gtk_box_new(direction == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, spacing), "a box")
    }

    /// Puts `child` after the others: `expand` takes room to spare, `fill` fills it;
    /// `padding` pixels on each side.
    public func pack(_ child: Widget, expand: Bool = false, fill: Bool = false, padding: UInt32 = 0) {
        gtk_box_pack_start(cast(GtkBox.self), child.pointer, expand ? 1 : 0, fill ? 1 : 0, padding)
    }

    /// Moves `child` to `position` (0: first).
    public func move(_ child: Widget, to position: Int32) { gtk_box_reorder_child(cast(GtkBox.self), child.pointer, position) }
}

/// A child that scrolls (GtkScrolledWindow).
public final class ScrolledWindow: Container {
    public override class var gtkType: GType { gtk_scrolled_window_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    /// Its vertical scrolling, for a list that keeps its focused row in view.
    var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? { gtk_scrolled_window_get_vadjustment(cast(GtkScrolledWindow.self)) }
}

/// Pages behind tabs (GtkNotebook).
public final class Notebook: Container {
    public override class var gtkType: GType { gtk_notebook_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init() { super.init(gtk_notebook_new(), "tabs") }

    public func append(_ page: Widget, tab: Widget) { gtk_notebook_append_page(cast(GtkNotebook.self), page.pointer, tab.pointer) }

    /// The page shown, from 0 (set: its `switchPage` signal comes first).
    public var currentPage: Int32 {
        get { gtk_notebook_get_current_page(cast(GtkNotebook.self)) }
        set { gtk_notebook_set_current_page(cast(GtkNotebook.self), newValue) }
    }
}

/// A list of rows with a selection and the keyboard's moves (GtkListBox).
public final class ListBox: Container {
    public override class var gtkType: GType { gtk_list_box_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    /// The keyboard's focus scrolls `scrolled` to keep its row in view.
    public func scrolls(in scrolled: ScrolledWindow) { gtk_list_box_set_adjustment(cast(GtkListBox.self), scrolled.verticalAdjustment) }

    /// Puts `row` last.
    public func append(_ row: ListBoxRow) { gtk_list_box_insert(cast(GtkListBox.self), row.pointer, -1) }

    /// The row at `index` selected.
    public func select(at index: Int) {
        guard let row = gtk_list_box_get_row_at_index(cast(GtkListBox.self), Int32(index)) else { return }
        gtk_list_box_select_row(cast(GtkListBox.self), row)
    }

    /// The index of the row selected, if any.
    public var selectedIndex: Int? {
        gtk_list_box_get_selected_row(cast(GtkListBox.self)).map { Int(gtk_list_box_row_get_index($0)) }
    }

    /// The keyboard on the row at `index` (selected too); whether there is one.
    @discardableResult
    public func focus(at index: Int) -> Bool {
        guard let row = gtk_list_box_get_row_at_index(cast(GtkListBox.self), Int32(index)) else { return false }
        gtk_list_box_select_row(cast(GtkListBox.self), row)
        gtk_widget_grab_focus(UnsafeMutablePointer(OpaquePointer(row)))
        return true
    }

    /// The index of a row a signal passed (`rowActivated`, `rowSelected`).
    public static func index(ofRow row: UnsafeMutableRawPointer) -> Int {
        Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self)))
    }
}

/// A row of a `ListBox`, holding one child.
public final class ListBoxRow: Container {
    public override class var gtkType: GType { gtk_list_box_row_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init() { super.init(gtk_list_box_row_new(), "a list row") }
}

/// Pages one at a time (GtkStack), such as a preferences window's.
public final class Stack {
    private let pointer: UnsafeMutablePointer<GtkStack>

    /// The stack `child` is a page of, if it is one.
    public init?(holding child: Widget) {
        guard let parent = gtk_widget_get_parent(child.pointer), CGtk_is_stack(UnsafeMutableRawPointer(parent)) != 0 else { return nil }
        pointer = UnsafeMutablePointer(OpaquePointer(parent))
    }

    public func show(_ child: Widget) { gtk_stack_set_visible_child(pointer, child.pointer) }
}

/// A bar that slides in over the content for a search (GtkSearchBar).
public final class SearchBar: Container {
    public override class var gtkType: GType { gtk_search_bar_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    /// The entry whose text the bar's keys go to (Esc, typed text).
    public func connect(_ entry: Entry) { gtk_search_bar_connect_entry(cast(GtkSearchBar.self), entry.cast(GtkEntry.self)) }

    /// Shown (slid in).
    public var isSearching: Bool {
        get { gtk_search_bar_get_search_mode(cast(GtkSearchBar.self)) != 0 }
        set { gtk_search_bar_set_search_mode(cast(GtkSearchBar.self), newValue ? 1 : 0) }
    }

    /// A key typed elsewhere starts the search with it, if it is text; whether it did.
    public func handle(_ event: Event) -> Bool { gtk_search_bar_handle_event(cast(GtkSearchBar.self), event.pointer) != 0 }
}
