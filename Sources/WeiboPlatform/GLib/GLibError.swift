public import CGLib

/// A `GError`, copied into Swift once at the boundary and freed there.
public struct GLibError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error domain's name (`g-io-error-quark`, `g-resolver-error-quark`, …).
    public var domain: String
    public var code: Int32
    public var message: String

    public init(domain: String, code: Int32, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Takes the error out of `pointer` and frees it.
    public init(taking pointer: UnsafeMutablePointer<GError>) {
        domain = String(cString: g_quark_to_string(pointer.pointee.domain))
        code = pointer.pointee.code
        message = pointer.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(pointer)
    }

    /// Takes the error out of a `GError *` from a module that cannot name the type here, and
    /// frees it.
    public init(takingRaw pointer: UnsafeMutableRawPointer) {
        self.init(taking: pointer.assumingMemoryBound(to: GError.self))
    }

    public var description: String { message }

    /// Calls `body` with a `GError**` and throws what it left there, if anything.
    public static func check<Result>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> Result) throws(GLibError) -> Result {
        var error: UnsafeMutablePointer<GError>?
        let result = body(&error)
        if let error { throw GLibError(taking: error) }
        return result
    }

    /// A D-Bus call found no one owning the name (not running, nothing to start it): told by
    /// the error's code, never its words.
    public var isNoOwner: Bool {
        domain == Self.dbusDomain
            && [G_DBUS_ERROR_SERVICE_UNKNOWN.rawValue, G_DBUS_ERROR_NAME_HAS_NO_OWNER.rawValue].contains(UInt32(bitPattern: code))
    }

    public static let ioDomain = String(cString: g_quark_to_string(g_io_error_quark()))
    public static let dbusDomain = String(cString: g_quark_to_string(g_dbus_error_quark()))
    public static let resolverDomain = String(cString: g_quark_to_string(g_resolver_error_quark()))
    public static let tlsDomain = String(cString: g_quark_to_string(g_tls_error_quark()))
    public static let keyFileDomain = String(cString: g_quark_to_string(g_key_file_error_quark()))
    public static let fileDomain = String(cString: g_quark_to_string(g_file_error_quark()))
}
