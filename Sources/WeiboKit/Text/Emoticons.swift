/// Weibo's emoticons (`[心]`, `[哈哈]`, `[笑cry]` …): bracketed phrases that Weibo draws as
/// pictures. No Unicode mapping exists, so this is the project's own, for the most common ones;
/// every surface (bubbles, summaries, `timeline`, `comments`) shows them through it, and an
/// unknown phrase stays as written.
public enum Emoticons {
    /// How emoticons are shown: as emoji, or as the bracketed text Weibo sends.
    public enum Style: String, CaseIterable, Sendable {
        case emoji, text
    }

    /// Phrase (without brackets) → emoji.
    public static let table: [String: String] = [
        "微笑": "🙂", "嘻嘻": "😁", "哈哈": "😄", "可爱": "😊", "可怜": "🥺", "挖鼻": "👃", "吃惊": "😲", "害羞": "☺️",
        "挤眼": "😉", "闭嘴": "🤐", "鄙视": "😒", "爱你": "😍", "泪": "😢", "偷笑": "🤭", "亲亲": "😘", "生病": "🤒",
        "太开心": "😆", "白眼": "🙄", "右哼哼": "😤", "左哼哼": "😤", "嘘": "🤫", "衰": "😩", "委屈": "😣", "吐": "🤮",
        "哈欠": "🥱", "抱抱": "🤗", "怒": "😠", "疑问": "❓", "馋嘴": "🤤", "拜拜": "👋", "思考": "🤔", "汗": "😓",
        "困": "😪", "睡": "😴", "钱": "🤑", "失望": "😞", "酷": "😎", "色": "😍", "哼": "😤", "鼓掌": "👏",
        "晕": "😵", "悲伤": "😔", "抓狂": "😫", "黑线": "😑", "阴险": "😏", "怒骂": "🤬", "心": "❤️", "伤心": "💔",
        "猪头": "🐷", "熊猫": "🐼", "兔子": "🐰", "握手": "🤝", "作揖": "🙏", "赞": "👍", "耶": "✌️", "good": "👍",
        "弱": "👎", "NO": "🙅", "ok": "👌", "haha": "😄", "来": "👉", "威武": "💪", "鲜花": "🌹", "钟": "⏰",
        "浮云": "☁️", "飞机": "✈️", "月亮": "🌙", "太阳": "☀️", "下雨": "🌧️", "给力": "💪", "围观": "👀", "话筒": "🎤",
        "蜡烛": "🕯️", "蛋糕": "🎂", "doge": "🐶", "喵喵": "🐱", "二哈": "🐺", "笑cry": "😂", "允悲": "😅", "费解": "😕",
        "摊手": "🤷", "跪了": "🧎", "吃瓜": "🍉", "打脸": "🤦", "憧憬": "🤩", "污": "🙈", "舔屏": "😋", "感冒": "😷",
        "顶": "👆", "傻眼": "😳", "中国赞": "👍", "加油": "💪", "礼物": "🎁", "红包": "🧧", "鞭炮": "🧨", "音乐": "🎵",
        "笑而不语": "😏", "融化": "🫠", "哆啦A梦微笑": "😊", "星星": "⭐", "火": "🔥", "666": "👍",
    ]

    /// `text` with every known `[phrase]` as its emoji (`style` `.text` leaves it as it is).
    public static func apply(_ style: Style, to text: String) -> String {
        guard style == .emoji else { return text }
        // Its bytes are searched, not its characters: the brackets are ASCII, and most texts have none.
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(UInt8(ascii: "[")) else { return nil as String? }
            var result = ""
            result.reserveCapacity(bytes.count)
            var copied = 0
            var open = 0
            while open < bytes.count {
                guard bytes[open] == UInt8(ascii: "[") else {
                    open += 1
                    continue
                }
                // A phrase is short and has no bracket or line break inside.
                let end = min(bytes.count, open + 1 + longestPhrase)
                var close = open + 1
                while close < end, bytes[close] != UInt8(ascii: "]"), bytes[close] != UInt8(ascii: "["), bytes[close] != UInt8(ascii: "\n") {
                    close += 1
                }
                guard close < end, bytes[close] == UInt8(ascii: "]"),
                    let emoji = table[String(decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close]), as: UTF8.self)]
                else {
                    open += 1
                    continue
                }
                result += String(decoding: UnsafeBufferPointer(rebasing: bytes[copied..<open]), as: UTF8.self)
                result += emoji
                copied = close + 1
                open = copied
            }
            return result + String(decoding: UnsafeBufferPointer(rebasing: bytes[copied...]), as: UTF8.self)
        } ?? text
    }

    /// The most bytes a phrase and its closing bracket take.
    private static let longestPhrase = (table.keys.map(\.utf8.count).max() ?? 0) + 1
}
