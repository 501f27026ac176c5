import CGLib
import WeiboKit
import WeiboPlatform

extension DaemonService {
    /// The longest picture address taken (Weibo's are under 200 characters).
    static let longestPictureURL = 2048

    /// `GetPicture(url)`: the popup's avatar or thumbnail at `url`, fetched into the cache the
    /// bubbles' avatars share (within `AvatarCache`'s bounds: HTTPS, or a sandbox's plain http on
    /// this machine; 1 MiB; `windowTimeout`; 256 waiting), answered with its file's path, or ""
    /// when it cannot be had: while the network monitor says offline, only a picture in the
    /// cache is. The popup reads the file and loads no HTTP or TLS of its own.
    func picture(_ parameters: OpaquePointer?, _ invocation: OpaquePointer) {
        let url = parameters.map { Variants.string(in: $0, at: 0) } ?? ""
        let scheme = url.prefix(8).lowercased()
        guard url.utf8.count <= Self.longestPictureURL, scheme.hasPrefix("https://") || scheme.hasPrefix("http://") else {
            return g_dbus_method_invocation_return_dbus_error(
                invocation, "org.freedesktop.DBus.Error.InvalidArgs", tr("not a picture's address: %s", String(url.prefix(80))))
        }
        guard let pictures else {
            return g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple([g_variant_new_string("")], 1))
        }
        g_object_ref(UnsafeMutableRawPointer(invocation))
        pictures.image(for: url, fetching: accounts.primary.notifier.mayUseNetwork) { uri in
            let path = uri.flatMap { $0.hasPrefix("file://") ? String($0.dropFirst("file://".count)) : nil } ?? ""
            g_dbus_method_invocation_return_value(invocation, g_variant_new_tuple([g_variant_new_string(path)], 1))
            g_object_unref(UnsafeMutableRawPointer(invocation))
        }
    }
}
