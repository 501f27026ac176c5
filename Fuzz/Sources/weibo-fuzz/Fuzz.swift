// libFuzzer entry points for the parsers, the wrapping and layout, the markup escaper, the
// message formatter, the picture header reader and the key-file editor's values. One binary, the target chosen by WEIBO_FUZZ_TARGET (see `targets`); a
// target traps (a crash libFuzzer keeps) when a property it asserts does not hold.
import CGLibFuzz
import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// The targets, by name: each takes the fuzzer's bytes.
let targets: [String: ([UInt8]) -> Void] = [
    "json": { bytes in _ = try? JSONParser.parse(Array(bytes)) },
    "timeline": { bytes in
        // Read one status at a time, the page is what the whole-document decode gives (or the
        // same error); a page that decodes is also laid out and rendered.
        let whole = Result { () throws(ResponseError) in try WeiboJSON.decode(TimelinePage.self, from: Array(bytes)) }
        var statuses: [Status] = []
        let streamed = Result { () throws(ResponseError) in
            var page = try TimelinePage.read(from: Array(bytes)) { statuses.append($0) }
            page.statuses = statuses
            return page
        }
        if streamed != whole, !repeatsStatuses(bytes) { trap("read streamed, the page is not the whole document's") }
        guard case .success(let page) = whole else { return }
        for status in page.statuses.prefix(20) { checkFits(layout.frame(for: status, width: 60), width: 60) }
    },
    "comments": { bytes in
        _ = try? WeiboJSON.decode(CommentsPage.self, from: Array(bytes))
        _ = try? WeiboJSON.decode(MentionsPage.self, from: Array(bytes))
    },
    "unread": { bytes in _ = try? WeiboJSON.decode(UnreadCounts.self, from: Array(bytes)) },
    "error": { bytes in _ = try? WeiboJSON.decodeDocument(APIError.self, from: Array(bytes)) },
    "account": { bytes in
        _ = try? WeiboJSON.decode(TokenInfo.self, from: Array(bytes))
        _ = try? WeiboJSON.decode(AccessTokenGrant.self, from: Array(bytes))
        // The accounts file as the program reads it (mode 0600, as it must be).
        if write(bytes, to: scratch + "/accounts.json") { _ = try? AccountStore(path: scratch + "/accounts.json").loadAll() }
    },
    "date": { bytes in _ = WeiboDate.parse(String(decoding: bytes, as: UTF8.self)) },
    "config": { bytes in
        if write(bytes, to: scratch + "/config") { _ = try? ConfigurationFile.load(path: scratch + "/config", create: false) }
    },
    "wrap": { bytes in
        let (width, text) = widthAndText(bytes)
        let lines = TextWrapper.wrap(text, width: width)
        // Two cells at least, as documented: a wide character needs them.
        let allowed = max(width, 2)
        for line in lines where DisplayWidth.of(line) > allowed { trap("a line of \(DisplayWidth.of(line)) cells at width \(allowed)") }
        // No grapheme cut, nothing invented, reordered or doubled: without their spaces, the
        // lines are the text's clusters (as the wrapper sees them) one after the other, whole.
        let units = TextSanitizer.clusters(of: text).map { $0.unicodeScalars.filter { $0 != " " && $0 != "\n" } }.filter { !$0.isEmpty }
        var next = 0
        for line in lines {
            var scalars = line.unicodeScalars.filter { $0 != " " }[...]
            while !scalars.isEmpty {
                guard next < units.count, scalars.starts(with: units[next]) else {
                    trap("line \(line.debugDescription) cuts or changes a cluster of the text")
                }
                scalars = scalars.dropFirst(units[next].count)
                next += 1
            }
        }
    },
    "layout": { bytes in
        let (width, text) = widthAndText(bytes)
        let split = text.firstIndex(of: "\n") ?? text.startIndex
        let status = Status(
            id: 1, createdAt: Timestamp(secondsSince1970: 1_795_838_000), text: String(text[split...]),
            source: "<a href=\"x\">\(text.prefix(8))</a>", user: User(id: 2, screenName: String(text[..<split]), memberType: 11, memberRank: 3),
            pictures: (0..<Int(bytes.first ?? 0) % 10).map { Picture(thumbnailURL: "https://wx1.sinaimg.cn/thumbnail/\($0).jpg") },
            repostsCount: Int(bytes.last ?? 0) * 100_000)
        for style in [LayoutStyle.full, .compact(maxLines: 4)] {
            checkFits(layout.frame(for: status, width: width, style: style), width: width)
        }
    },
    "markup": { bytes in
        let escaped = Markup.escaped(String(decoding: bytes, as: UTF8.self), quotes: bytes.first.map { $0 & 1 == 1 } ?? false)
        let document = "<markup>" + escaped + "</markup>"
        let parses = document.withCString { CGLibFuzz_markup_parses($0, -1) }
        if parses == 0 { trap("escaped text does not parse as markup: \(escaped.debugDescription)") }
        // No element of the text's own reaches a server that renders markup (a fake link, a
        // coloured alert): the document holds `<markup>` only.
        let elements = document.withCString { CGLibFuzz_markup_elements($0, -1) }
        if elements != 1 { trap("escaped text holds \(elements - 1) elements of its own: \(escaped.debugDescription)") }
    },
    "picture": { bytes in
        // The header reader never traps, and what it lets through is within its bounds.
        if case .success(let header) = PictureHeader.checked(bytes) {
            if header.pixels > PictureHeader.maximumPixels || header.width > PictureHeader.maximumSide || header.height > PictureHeader.maximumSide
                || header.width <= 0 || header.height <= 0
            {
                trap("a picture past the bounds let through: \(header)")
            }
        }
    },
    "keyfile": { bytes in
        // A value written by the key-file editor stays one value of one key: GLib reads the same
        // keys as before and the value back as it was; the codecs refuse any control character.
        let value = String(decoding: bytes, as: UTF8.self)
        var configuration = Configuration()
        let hasControl = SettingText.controlCharacter(in: value.trimmingBlankEdges) != nil
        let refused = SettingsTable.shared.appKey.erased.read(value, into: &configuration) != nil
        if hasControl && !refused { trap("a control character taken: \(value.debugDescription)") }
        // NUL ends a C string: no key file holds one (ConfigurationFile.set refuses it first).
        guard !value.unicodeScalars.contains("\u{0}") else { return }
        let before = "# mine\n[weibo]\napp_key=1\n\n[notifier]\ninterval=60\n"
        var text = KeyFileText(before)
        text.set(group: "weibo", key: "app_key", value: value)
        let written = text.text
        let keys = { (text: String) -> String? in
            text.withCString { taken(CGLibFuzz_keyfile_keys($0, -1)) }
        }
        guard let expected = keys(before), let found = keys(written) else { trap("the key file does not load: \(written.debugDescription)") }
        if found != expected { trap("a value added keys: \(found.debugDescription) from \(value.debugDescription)") }
        // GLib drops a form feed or vertical tab at a value's ends, and has no escape for them:
        // read back whole only without other controls than those escaped (no setting takes any).
        guard !value.unicodeScalars.contains(where: { $0.value < 0x20 && !["\n", "\r", "\t"].contains($0) }) else { return }
        let read = written.withCString { taken(CGLibFuzz_keyfile_string($0, -1, "weibo", "app_key")) }
        if read != value { trap("GLib reads \(read.debugDescription) for \(value.debugDescription)") }
    },
    "messageformat": { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: "\u{0}", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        let arguments: [any CustomStringConvertible] = parts.dropFirst().map { $0 } + [bytes.count, -7, 3.5]
        _ = MessageFormat.format(parts[0], arguments)
    },
]

let layout = StatusFrameLayout(localizer: Localizer(), timeZone: FixedOffsetZone.chinaStandard, now: Timestamp(secondsSince1970: 1_795_838_400))
let renderer = FrameRenderer()
/// A private folder for the targets that read files.
let scratch: String = {
    var template = Array("/tmp/weibo-fuzz-XXXXXX".utf8CString)
    guard let folder = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
        fatalError("cannot make a folder under /tmp for the fuzz targets")
    }
    return String(cString: folder)
}()
nonisolated(unsafe) var selected: ([UInt8]) -> Void = { _ in }

/// The first two bytes as a width from 1 to 300, the rest as text.
func widthAndText(_ bytes: [UInt8]) -> (Int, String) {
    guard bytes.count >= 2 else { return (1 + Int(bytes.first ?? 0), "") }
    return (1 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 300, String(decoding: bytes.dropFirst(2), as: UTF8.self))
}

/// Every rendered line of `frame` within the width it was laid out at (at least the layout's minimum).
func checkFits(_ frame: StatusFrame, width: Int) {
    let allowed = max(width, LayoutMetrics.cells.minimumWidth)
    for line in renderer.lines(of: frame) where DisplayWidth.of(line) > allowed {
        trap("a rendered line of \(DisplayWidth.of(line)) cells at width \(allowed): \(line.debugDescription)")
    }
}

func write(_ bytes: [UInt8], to path: String) -> Bool {
    (try? PrivateFile.write(bytes, to: path, mode: 0o600)) != nil
}

/// Whether the document's top-level object has `statuses` more than once: read streamed, each
/// list's statuses come; read whole, the last list's (as documented).
func repeatsStatuses(_ bytes: [UInt8]) -> Bool {
    guard case .object(let members) = try? JSONParser.parse(Array(bytes)) else { return false }
    return members.keys.filter { $0 == "statuses" }.count > 1
}

/// A string GLib allocated, as Swift's; freed.
func taken(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}

extension String {
    /// Without the blanks and line breaks around it, as the codecs read a value.
    var trimmingBlankEdges: String {
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = unicodeScalars.firstIndex(where: { !blank($0) }), let last = unicodeScalars.lastIndex(where: { !blank($0) }) else { return "" }
        return String(unicodeScalars[first...last])
    }
}

func trap(_ message: String) -> Never {
    fputs("weibo-fuzz: \(message)\n", stderr)
    abort()
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>) -> Int32 {
    let name = getenv("WEIBO_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = targets[name] else {
        fputs("weibo-fuzz: set WEIBO_FUZZ_TARGET to one of \(targets.keys.sorted().joined(separator: ", "))\n", stderr)
        exit(64)
    }
    selected = target
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    selected(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
