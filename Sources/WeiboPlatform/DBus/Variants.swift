import CGLib

/// Small builders for the GVariants the D-Bus interfaces send (g_variant_new is variadic,
/// which Swift cannot call). Every result is a new floating reference, consumed by the call
/// it is passed to.
public enum Variants {
    public static func string(_ value: String) -> OpaquePointer? { g_variant_new_string(value) }
    public static func boolean(_ value: Bool) -> OpaquePointer? { g_variant_new_boolean(value ? 1 : 0) }
    public static func int32(_ value: Int32) -> OpaquePointer? { g_variant_new_int32(value) }
    public static func uint32(_ value: UInt32) -> OpaquePointer? { g_variant_new_uint32(value) }
    public static func objectPath(_ value: String) -> OpaquePointer? { g_variant_new_object_path(value) }

    public static func tuple(_ items: [OpaquePointer?]) -> OpaquePointer? {
        g_variant_new_tuple(items, gsize(items.count))
    }

    /// An array of `elementType` (needed when it may be empty).
    public static func array(_ elementType: String, _ items: [OpaquePointer?]) -> OpaquePointer? {
        let type = g_variant_type_new(elementType)
        defer { g_variant_type_free(type) }
        return g_variant_new_array(type, items, gsize(items.count))
    }

    /// `a{sv}`.
    public static func properties(_ entries: [(String, OpaquePointer?)]) -> OpaquePointer? {
        array("{sv}", entries.map { g_variant_new_dict_entry(string($0.0), g_variant_new_variant($0.1)) })
    }

    /// `as`.
    public static func strings(_ values: [String]) -> OpaquePointer? {
        array("s", values.map { string($0) })
    }

    // MARK: - Reading

    /// The `u` at `index` of a tuple (0 when it is not one).
    public static func uint32(in tuple: OpaquePointer, at index: Int) -> UInt32 {
        guard let child = child(of: tuple, at: index) else { return 0 }
        defer { g_variant_unref(child) }
        return typeString(child) == "u" ? g_variant_get_uint32(child) : 0
    }

    /// The `x` at `index` of a tuple (0 when it is not one).
    public static func int64(in tuple: OpaquePointer, at index: Int) -> Int64 {
        guard let child = child(of: tuple, at: index) else { return 0 }
        defer { g_variant_unref(child) }
        return typeString(child) == "x" ? Int64(g_variant_get_int64(child)) : 0
    }

    /// The `i` at `index` of a tuple (0 when it is not one).
    public static func int32(in tuple: OpaquePointer, at index: Int) -> Int32 {
        guard let child = child(of: tuple, at: index) else { return 0 }
        defer { g_variant_unref(child) }
        return typeString(child) == "i" ? g_variant_get_int32(child) : 0
    }

    /// The `s` at `index` of a tuple ("" when it is not one).
    public static func string(in tuple: OpaquePointer, at index: Int) -> String {
        guard let child = child(of: tuple, at: index) else { return "" }
        defer { g_variant_unref(child) }
        guard typeString(child) == "s" else { return "" }
        return g_variant_get_string(child, nil).map { String(cString: $0) } ?? ""
    }

    /// The `as` at `index` of a tuple (empty when it is not one).
    public static func strings(in tuple: OpaquePointer, at index: Int) -> [String] {
        guard let list = child(of: tuple, at: index) else { return [] }
        defer { g_variant_unref(list) }
        return strings(list) ?? []
    }

    /// The strings of an `as` (nil when it is not one).
    public static func strings(_ list: OpaquePointer) -> [String]? {
        guard typeString(list) == "as" else { return nil }
        return (0..<g_variant_n_children(list)).map { item in
            let element = g_variant_get_child_value(list, item)
            defer { if let element { g_variant_unref(element) } }
            return element.flatMap { g_variant_get_string($0, nil) }.map { String(cString: $0) } ?? ""
        }
    }

    /// The `b` at `index` of a tuple (false when it is not one).
    public static func boolean(in tuple: OpaquePointer, at index: Int) -> Bool {
        guard let value = child(of: tuple, at: index) else { return false }
        defer { g_variant_unref(value) }
        return isTrue(value)
    }

    /// Whether `value` is a `b` that is true (anything else is false). Types are compared by
    /// their strings: a `GVariantType` made from a Swift string would dangle after the call.
    public static func isTrue(_ value: OpaquePointer) -> Bool {
        typeString(value) == "b" && g_variant_get_boolean(value) != 0
    }

    private static func typeString(_ value: OpaquePointer) -> String {
        g_variant_get_type_string(value).map { String(cString: $0) } ?? ""
    }

    /// A child of a container, owned by the caller; nil past the end.
    private static func child(of container: OpaquePointer, at index: Int) -> OpaquePointer? {
        guard g_variant_is_container(container) != 0, index < g_variant_n_children(container) else { return nil }
        return g_variant_get_child_value(container, gsize(index))
    }
}
