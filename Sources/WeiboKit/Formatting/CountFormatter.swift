/// Writes the toolbar counts as the original client did.
///
/// 0 shows the button's word (`转发`); below 10,000 the number; above, one decimal with `.0`
/// dropped: `7.9万`, `80万`, `1.2亿` in Chinese, `12.3K`, `1.5M` in English.
public struct CountFormatter: Sendable {
    public var localizer: Localizer

    public init(localizer: Localizer) {
        self.localizer = localizer
    }

    /// The label of a toolbar button showing `count`, or `word` when the count is 0.
    public func label(_ count: Int, word: Localizer.Phrase) -> String {
        count <= 0 ? localizer.text(word) : abbreviated(count)
    }

    /// `count` shortened for display.
    public func abbreviated(_ count: Int) -> String {
        guard count >= 10_000 else { return String(count) }
        switch localizer.language {
        case .chinese:
            return count >= 100_000_000 ? oneDecimal(count, unit: 100_000_000) + "亿" : oneDecimal(count, unit: 10_000) + "万"
        case .english:
            return count >= 1_000_000 ? oneDecimal(count, unit: 1_000_000) + "M" : oneDecimal(count, unit: 1_000) + "K"
        }
    }

    /// `count / unit` rounded half up to one decimal, `.0` dropped: 78,985 / 10,000 → `7.9`.
    private func oneDecimal(_ count: Int, unit: Int) -> String {
        let tenths = (count * 10 + unit / 2) / unit
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(tenths % 10)"
    }
}
