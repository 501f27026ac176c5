import CGLib

/// A reference to a GObject (a Pango layout, a pixbuf, a D-Bus connection, a file), held by a
/// Swift value and given up when the value goes: no `g_object_unref` at a call site. A local
/// one that only lends its pointer is kept to the end of its scope with `withExtendedLifetime`
/// (Swift may let a value go after its last use).
public final class ObjectReference {
    public let pointer: OpaquePointer

    /// Holds the reference the caller was given (a `_new` function's, or a `_get_sync` one).
    public init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Holds one more reference to an object another owner holds (a pixbuf its loader keeps).
    public init(adding pointer: OpaquePointer) {
        self.pointer = pointer
        g_object_ref(UnsafeMutableRawPointer(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}
