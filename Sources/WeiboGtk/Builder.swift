import CGLib
import CGtk
import WeiboPlatform

/// A window's static structure read from GtkBuilder XML (a `.ui` template, in `Resources/ui`):
/// its widgets by id, each taken as the Swift type the window uses.
public final class Builder {
    private let pointer: OpaquePointer

    /// Reads the XML `definition`; throws GtkBuilder's words when it refuses it.
    public convenience init(_ definition: String) throws(Problem) {
        try self.init { builder, error in gtk_builder_add_from_string(builder, definition, gsize.max, &error) }
    }

    /// Reads the XML file at `path`; throws GtkBuilder's words when it refuses it or the file.
    public convenience init(file path: String) throws(Problem) {
        try self.init { builder, error in gtk_builder_add_from_file(builder, path, &error) }
    }

    private init(reading read: (UnsafeMutablePointer<GtkBuilder>, inout UnsafeMutablePointer<GError>?) -> guint) throws(Problem) {
        guard let builder = gtk_builder_new() else { throw Problem(words: "no builder") }
        var error: UnsafeMutablePointer<GError>?
        guard read(builder, &error) != 0 else {
            let words = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            g_clear_error(&error)
            g_object_unref(UnsafeMutableRawPointer(builder))
            throw Problem(words: words)
        }
        pointer = OpaquePointer(builder)
    }

    /// Reads the program's own template `name` (`popup-window.ui`), installed beside it or in
    /// the source tree: GTK refusing it, or no such file, is a broken build or install, said by
    /// name.
    public convenience init(template name: String) {
        do { try self.init(file: InstalledFiles.interface(name)) } catch { fatalError("the template \(name): \(error)") }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Why a definition was refused (GtkBuilder's own words).
    public struct Problem: Error, CustomStringConvertible {
        public let words: String
        public var description: String { words }
    }

    /// The widget `id` as the Swift type `type`. A missing id, or a widget of another GTK type,
    /// is a broken template: said by name, never drawn wrong.
    public func widget<Kind: Widget>(_ id: String, as type: Kind.Type) -> Kind {
        guard let object = gtk_builder_get_object(UnsafeMutablePointer(pointer), id) else { fatalError("the template has no \(id)") }
        guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(object)), type.gtkType) != 0 else {
            fatalError("the template's \(id) is no \(type)")
        }
        return type.init(UnsafeMutablePointer(OpaquePointer(object)), "a template's widget")
    }
}
