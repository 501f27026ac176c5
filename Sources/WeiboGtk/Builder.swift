import CGLib
import CGtk
import WeiboPlatform

/// A window's static structure read from GtkBuilder XML (a `.ui` template, in `Resources/ui`):
/// its widgets by id, each taken as the Swift type the window uses.
public final class Builder {
    private let pointer: OpaquePointer

    /// Reads the XML `definition`; throws GtkBuilder's words when it refuses it.
    public init(_ definition: String) throws(Problem) {
        guard let builder = gtk_builder_new() else { throw Problem(words: "no builder") }
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(builder, definition, gsize.max, &error) != 0 else {
            let words = error.map { String(cString: $0.pointee.message) } ?? "unreadable"
            g_clear_error(&error)
            g_object_unref(UnsafeMutableRawPointer(builder))
            throw Problem(words: words)
        }
        pointer = OpaquePointer(builder)
    }

    /// The widgets of one of the program's own templates: GTK refusing it is a broken build,
    /// said by name.
    public convenience init(_ template: Template) {
        do { try self.init(template.text) } catch { fatalError("the template \(template.name): \(error)") }
    }

    /// One of the program's own templates (`popup-window.ui`), read from where it is installed,
    /// else the source tree. Kept in a `static let` by the window that uses it, the file is read
    /// once however many widgets are made from it. No such file is a broken install, said by
    /// name.
    public struct Template: Sendable {
        let name: String
        let text: String

        public init(_ name: String) {
            self.name = name
            do {
                text = String(decoding: try PrivateFile.read(InstalledFiles.interface(name)), as: UTF8.self)
            } catch {
                fatalError("the template \(name): \(error)")
            }
        }
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
