/// Weibo's pages the notifier opens in the browser; it fetches none of them.
public enum WeiboPages {
    /// The home page ("Open Weibo").
    public static let home = "https://weibo.com"
    /// The private messages, read on the web: the open API gives no message text.
    public static let messages = "https://api.weibo.com/chat"
    /// The hot-search list ("Hot search", 热搜): a link only, since every known way to read it
    /// without a browser breaks or needs the browser's cookies.
    public static let hotSearch = "https://s.weibo.com/top/summary"
}
