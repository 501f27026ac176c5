import Glibc

/// A new private folder (mode 0700) made by mkdtemp(3).
public enum TemporaryFolder {
    /// Makes a folder from `template`, a path ending in `XXXXXX`; its path, or nil with `errno`
    /// set. The path is read while the template's bytes still exist: the pointer mkdtemp returns
    /// points into them, and a pointer taken from `&array` must not outlive its call.
    public static func make(_ template: String) -> String? {
        var bytes = Array(template.utf8CString)
        return bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
    }
}
