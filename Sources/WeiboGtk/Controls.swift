public import CGLib
public import CGtk

/// Words on one line or wrapped (GtkLabel).
public final class Label: Widget {
    public override class var gtkType: GType { gtk_label_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init(_ text: String = "") { super.init(gtk_label_new(text), "a label") }

    public var text: String {
        get { String(cString: gtk_label_get_text(cast(GtkLabel.self))) }
        set { gtk_label_set_text(cast(GtkLabel.self), newValue) }
    }
}

/// A push button (GtkButton): its `clicked` signal.
public class Button: Container {
    public override class var gtkType: GType { gtk_button_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    /// With words.
    public init(_ label: String) { super.init(gtk_button_new_with_label(label), "a button") }

    /// With a symbolic icon, its words in `accessibleName` and `tooltip`.
    public init(icon: String) { super.init(gtk_button_new_from_icon_name(icon, GTK_ICON_SIZE_BUTTON), "an icon button") }

    public var label: String {
        get { gtk_button_get_label(cast(GtkButton.self)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(cast(GtkButton.self), newValue) }
    }
}

/// A button that stays in or out (GtkToggleButton): its `toggled` signal.
public final class ToggleButton: Button {
    public override class var gtkType: GType { gtk_toggle_button_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init(toggle label: String) { super.init(gtk_toggle_button_new_with_label(label), "a toggle") }

    public var isActive: Bool {
        get { gtk_toggle_button_get_active(cast(GtkToggleButton.self)) != 0 }
        set { gtk_toggle_button_set_active(cast(GtkToggleButton.self), newValue ? 1 : 0) }
    }
}

/// On or off (GtkSwitch): its `activeChanged` signal.
public final class Switch: Widget {
    public override class var gtkType: GType { gtk_switch_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init() { super.init(gtk_switch_new(), "a switch") }

    public var isActive: Bool {
        get { gtk_switch_get_active(cast(GtkSwitch.self)) != 0 }
        set { gtk_switch_set_active(cast(GtkSwitch.self), newValue ? 1 : 0) }
    }
}

/// A line of text typed (GtkEntry): `activate` on Enter, `changed` as it is typed.
public class Entry: Widget {
    public override class var gtkType: GType { gtk_entry_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init() { super.init(gtk_entry_new(), "an entry") }

    public var text: String {
        get { String(cString: gtk_entry_get_text(cast(GtkEntry.self))) }
        set { gtk_entry_set_text(cast(GtkEntry.self), newValue) }
    }

    /// Words shown, greyed, while it is empty.
    public var placeholder: String {
        get { gtk_entry_get_placeholder_text(cast(GtkEntry.self)).map { String(cString: $0) } ?? "" }
        set { gtk_entry_set_placeholder_text(cast(GtkEntry.self), newValue) }
    }

    /// How many characters wide it asks to be.
    public var widthInCharacters: Int32 {
        get { gtk_entry_get_width_chars(cast(GtkEntry.self)) }
        set { gtk_entry_set_width_chars(cast(GtkEntry.self), newValue) }
    }

    /// A password's: its characters hidden, and no input method's memory of them.
    public func hidesWhatIsTyped() {
        gtk_entry_set_visibility(cast(GtkEntry.self), 0)
        gtk_entry_set_input_purpose(cast(GtkEntry.self), GTK_INPUT_PURPOSE_PASSWORD)
    }
}

/// An entry for a search (GtkSearchEntry): `searchChanged` a moment after typing.
public final class SearchEntry: Entry {
    public override class var gtkType: GType { gtk_search_entry_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public override init() { super.init(gtk_search_entry_new(), "a search entry") }
}

/// A number typed or stepped (GtkSpinButton): `valueChanged`; `output` and `input` to show it
/// in words of its own.
public final class SpinButton: Entry {
    public override class var gtkType: GType { gtk_spin_button_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    /// From `range` by `step`.
    public init(range: ClosedRange<Double>, step: Double) {
        super.init(gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step), "a number")
    }

    public var value: Double {
        get { gtk_spin_button_get_value(cast(GtkSpinButton.self)) }
        set { gtk_spin_button_set_value(cast(GtkSpinButton.self), newValue) }
    }

    /// Digits only (false: words such as "2 min" may be typed, read by its `input`).
    public func takesDigitsOnly(_ only: Bool) { gtk_spin_button_set_numeric(cast(GtkSpinButton.self), only ? 1 : 0) }

    /// A text that is no value leaves the value as it was (GTK's default takes the lowest).
    public func keepsItsValueForBadText() { gtk_spin_button_set_update_policy(cast(GtkSpinButton.self), GTK_UPDATE_IF_VALID) }
}

/// One of a few choices, by id (GtkComboBoxText): `changed`.
public final class ComboBox: Widget {
    public override class var gtkType: GType { gtk_combo_box_text_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init() { super.init(gtk_combo_box_text_new(), "a choice") }

    public func append(id: String, _ text: String) { gtk_combo_box_text_append(cast(GtkComboBoxText.self), id, text) }

    /// The id of the choice shown (nil: none); one not appended chooses none.
    public var activeID: String? {
        get { gtk_combo_box_get_active_id(cast(GtkComboBox.self)).map { String(cString: $0) } }
        set { gtk_combo_box_set_active_id(cast(GtkComboBox.self), newValue) }
    }
}

/// Turning arrows while something is awaited (GtkSpinner).
public final class Spinner: Widget {
    public override class var gtkType: GType { gtk_spinner_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init() { super.init(gtk_spinner_new(), "a spinner") }

    /// Turning (true), or still.
    public func spin(_ on: Bool) {
        if on { gtk_spinner_start(cast(GtkSpinner.self)) } else { gtk_spinner_stop(cast(GtkSpinner.self)) }
    }
}

/// A widget the window paints itself (GtkDrawingArea): its `draw` signal with a cairo context.
public final class DrawingArea: Widget {
    public override class var gtkType: GType { gtk_drawing_area_get_type() }
    public required init(_ made: UnsafeMutablePointer<GtkWidget>?, _ what: StaticString) { super.init(made, what) }

    public init() { super.init(gtk_drawing_area_new(), "a drawing area") }
}
