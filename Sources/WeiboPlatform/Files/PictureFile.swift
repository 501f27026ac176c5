public import WeiboKit

/// A picture file of the shared cache (the daemon stores them; the popup and the settings window
/// read them): at most `maximumBytes`, its header checked before anything decodes it.
public enum PictureFile {
    /// The largest picture fetched or read: 1 MiB.
    public static let maximumBytes = 1 << 20

    /// The picture in the file at `path` when it may be decoded: a regular file of at most
    /// `maximumBytes` whose header is within `PictureHeader`'s bounds (a file stored by an
    /// older version, or put there by another program, is checked again); nil otherwise.
    public static func read(at path: String) -> (bytes: [UInt8], header: PictureHeader)? {
        guard let bytes = try? PrivateFile.read(path, limit: maximumBytes) else { return nil }
        switch PictureHeader.checked(bytes) {
        case .success(let header): return (bytes, header)
        case .failure(let refusal):
            Log.debug("picture \(path): \(refusal)")
            return nil
        }
    }
}
