import CGLib

/// A GTK signal declared once: its name and the C shape of its handlers, and the Swift type a
/// handler has (`Handler`). A window connects a closure of that type and never names a shape:
/// `Signal.clicked.connect(button) { _ in … }`. The instance comes first in every handler;
/// what the signal passes follows, as GObject passes it (a pointer, a number).
public struct Signal<Handler>: Sendable {
    public let name: String
    let shape: GtkSignal.Shape
    /// The closure as GObject calls it (`GtkSignal.Handler`).
    let adapt: @Sendable (Handler) -> GtkSignal.Handler

    /// Connects `handler` to this signal of `instance`; the handler's id.
    @discardableResult
    public func connect(_ instance: UnsafeMutableRawPointer?, _ handler: Handler) -> UInt {
        GtkSignal.connect(instance, name, shape, adapt(handler))
    }

    /// Lets go of the handler `id` of this signal of `instance` (one that runs once).
    public func disconnect(_ instance: UnsafeMutableRawPointer, _ id: UInt) { g_signal_handler_disconnect(instance, id) }

    /// Connects `handler` to this signal of `widget`.
    @discardableResult
    public func connect(_ widget: Widget, _ handler: Handler) -> UInt { connect(widget.object, handler) }

    /// Connects `handler` to this signal of `application`.
    @discardableResult
    public func connect(_ application: Application, _ handler: Handler) -> UInt { connect(application.object, handler) }
}

/// `(instance)`: a signal that passes nothing.
public typealias Plain = (_ instance: UnsafeMutableRawPointer) -> Void
/// `(instance, pointer)`: the signal's one argument (a row, an allocation); nil where GTK may
/// pass none.
public typealias WithPointer = (_ instance: UnsafeMutableRawPointer, _ argument: UnsafeMutableRawPointer?) -> Void
/// `(instance, event or context) → handled`: an event (`GdkEvent`) or a cairo context; true
/// stops the other handlers.
public typealias Handling = (_ instance: UnsafeMutableRawPointer, _ argument: UnsafeMutableRawPointer) -> Bool

extension Signal where Handler == Plain {
    /// `shape`: `.plain`, or `.pointer` for a signal whose one argument nobody reads.
    init(plain name: String, shape: GtkSignal.Shape = .plain) {
        self.init(name: name, shape: shape) { handler in
            { instance, _, _ in
                handler(instance)
                return 0
            }
        }
    }

    /// A property changed (`notify::NAME`); the property's description is not passed on.
    init(notify property: String) {
        self.init(plain: "notify::" + property, shape: .pointer)
    }

    public static let clicked = Signal(plain: "clicked")
    public static let activate = Signal(plain: "activate")
    public static let destroy = Signal(plain: "destroy")
    public static let changed = Signal(plain: "changed")
    public static let valueChanged = Signal(plain: "value-changed")
    public static let toggled = Signal(plain: "toggled")
    public static let searchChanged = Signal(plain: "search-changed")
    /// GApplication's, before its first window.
    public static let startup = Signal(plain: "startup")
    /// GdkFrameClock's, around each frame.
    public static let beforePaint = Signal(plain: "before-paint")
    public static let afterPaint = Signal(plain: "after-paint")
    /// A switch's or a check button's `active` changed.
    public static let activeChanged = Signal(notify: "active")
}

extension Signal where Handler == WithPointer {
    init(pointer name: String) {
        self.init(name: name, shape: .pointer) { handler in
            { instance, argument, _ in
                handler(instance, argument)
                return 0
            }
        }
    }

    /// GtkListBox's: the row activated (never nil), the row selected (nil: none).
    public static let rowActivated = Signal(pointer: "row-activated")
    public static let rowSelected = Signal(pointer: "row-selected")
    /// The widget's new `GtkAllocation`.
    public static let sizeAllocate = Signal(pointer: "size-allocate")
}

extension Signal where Handler == Handling {
    init(handling name: String) {
        self.init(name: name, shape: .pointerReturningBool) { handler in
            { instance, argument, _ in
                guard let argument else { return 0 }
                return handler(instance, argument) ? 1 : 0
            }
        }
    }

    public static let keyPressEvent = Signal(handling: "key-press-event")
    public static let buttonPressEvent = Signal(handling: "button-press-event")
    public static let motionNotifyEvent = Signal(handling: "motion-notify-event")
    public static let focusInEvent = Signal(handling: "focus-in-event")
    public static let focusOutEvent = Signal(handling: "focus-out-event")
    /// The window's close button or Alt+F4; true keeps the window.
    public static let deleteEvent = Signal(handling: "delete-event")
    /// The cairo context to paint with.
    public static let draw = Signal(handling: "draw")
}

extension Signal where Handler == (_ instance: UnsafeMutableRawPointer, _ page: UnsafeMutableRawPointer?, _ number: UInt32) -> Void {
    /// GtkNotebook's: the page now shown and its number.
    public static let switchPage = Signal(name: "switch-page", shape: .pointerAndNumber) { handler in
        { instance, page, number in
            handler(instance, page, number)
            return 0
        }
    }
}

extension Signal where Handler == (_ instance: UnsafeMutableRawPointer) -> Bool {
    /// GtkSpinButton's: the handler wrote the text shown for the value (true), or the number is shown.
    public static let output = Signal(name: "output", shape: .plainReturningBool) { handler in
        { instance, _, _ in handler(instance) ? 1 : 0 }
    }
}

extension Signal where Handler == (_ instance: UnsafeMutableRawPointer, _ argument: UnsafeMutableRawPointer?) -> Int32 {
    /// GtkSpinButton's: the text typed read into the `gdouble` the argument points at; 1 when it
    /// was, 0 to let GTK read it, -1 (`GTK_INPUT_ERROR`) when it is no value.
    public static let input = Signal(name: "input", shape: .pointerReturningInt) { handler in
        { instance, argument, _ in handler(instance, argument) }
    }
    /// GApplication's: the `GApplicationCommandLine`; the exit status.
    public static let commandLine = Signal(name: "command-line", shape: .pointerReturningInt) { handler in
        { instance, argument, _ in handler(instance, argument) }
    }
}
