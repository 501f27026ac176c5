import CGLib
import CGnuTLS
import Glibc
import WeiboPlatform

/// The sandbox's HTTPS: a self-signed certificate for 127.0.0.1 made at start with GnuTLS, in a
/// folder of its own. The certificate is also the CA a client trusts (`tls_ca_file`,
/// `SSL_CERT_FILE`); the key stays readable by its owner only.
public struct SandboxTLS: Sendable {
    /// The certificate, PEM: what a client trusts.
    public let certificateFile: String
    public let keyFile: String

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Makes a new key and certificate in a fresh private folder under `parent` (the runtime
    /// folder, else the temporary one).
    public static func make(in parent: String) throws(Failure) -> SandboxTLS {
        guard let folder = TemporaryFolder.make(parent + "/weibo-notifier-sandbox-XXXXXX") else {
            throw Failure(description: "cannot make a folder in \(parent): \(String(cString: strerror(errno)))")
        }
        let tls = SandboxTLS(certificateFile: folder + "/ca.pem", keyFile: folder + "/key.pem")
        let result = CGnuTLS_make_self_signed(tls.certificateFile, tls.keyFile)
        guard result == 0 else {
            let reason = result == 1 ? String(cString: strerror(errno)) : String(cString: gnutls_strerror(result))
            tls.remove()  // after errno was read: removing sets it
            throw Failure(description: "cannot make the sandbox's certificate: \(reason)")
        }
        return tls
    }

    /// Removes the key, the certificate and their folder: a sandbox that stops leaves nothing
    /// behind.
    public func remove() {
        unlink(keyFile)
        unlink(certificateFile)
        if let slash = certificateFile.lastIndex(of: "/") { rmdir(String(certificateFile[..<slash])) }
    }

    /// The certificate and key as GLib's TLS certificate, owned by the caller.
    func certificate() throws(Failure) -> OpaquePointer {
        var error: UnsafeMutablePointer<GError>?
        guard let certificate = g_tls_certificate_new_from_files(certificateFile, keyFile, &error) else {
            let message = error.map { pointer in
                defer { g_error_free(pointer) }
                return String(cString: pointer.pointee.message)
            }
            throw Failure(description: "cannot load the sandbox's certificate: \(message ?? "unknown error")")
        }
        return OpaquePointer(certificate)
    }
}
