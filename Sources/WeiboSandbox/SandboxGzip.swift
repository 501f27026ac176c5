import CGLib

/// gzip for the sandbox's "gzip bomb" fault: a small compressed body that inflates to many
/// megabytes, through GLib's zlib converter.
enum SandboxGzip {
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        guard let made = g_zlib_compressor_new(G_ZLIB_COMPRESSOR_FORMAT_GZIP, 9) else { return bytes }
        defer { g_object_unref(UnsafeMutableRawPointer(made)) }
        let compressor = made
        var output = [UInt8](repeating: 0, count: max(bytes.count / 100, 4096) + 65_536)
        var consumed = 0
        var written = 0
        while true {
            var read: gsize = 0
            var wrote: gsize = 0
            var error: UnsafeMutablePointer<GError>?
            let result = bytes.withUnsafeBytes { input in
                output.withUnsafeMutableBytes { out in
                    g_converter_convert(
                        compressor, input.baseAddress.map { $0 + consumed }, gsize(bytes.count - consumed),
                        out.baseAddress.map { $0 + written }, gsize(out.count - written), G_CONVERTER_INPUT_AT_END, &read, &wrote, &error)
                }
            }
            consumed += Int(read)
            written += Int(wrote)
            if result == G_CONVERTER_FINISHED { break }
            if let error {
                // Only a full output buffer is worth another round; anything else ends here.
                let noSpace = error.pointee.domain == g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_NO_SPACE.rawValue)
                g_error_free(error)
                guard noSpace else { break }
                output += [UInt8](repeating: 0, count: output.count)
            } else if written == output.count {
                output += [UInt8](repeating: 0, count: output.count)
            }
        }
        return Array(output.prefix(written))
    }
}
