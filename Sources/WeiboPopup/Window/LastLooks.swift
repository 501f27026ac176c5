import WeiboKit
import WeiboPlatform

/// Each section's last look (`PopupModel.lastLooks`: rows newer are marked new), kept between
/// popups in the state folder, written atomically when a popup closes.
struct LastLooks {
    let path: String

    func read() -> [PopupSectionKind: Timestamp] {
        guard let bytes = try? PrivateFile.read(path, limit: 4096) else { return [:] }
        return PopupModel.lastLooks(fromText: String(decoding: bytes, as: UTF8.self))
    }

    func write(_ looks: [PopupSectionKind: Timestamp]) {
        do throws(PrivateFile.Failure) {
            try PrivateFile.write(Array(PopupModel.text(ofLastLooks: looks).utf8), to: path)
        } catch {
            Log.message("the popup's last looks could not be kept: \(error)")
        }
    }
}
