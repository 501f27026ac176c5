import FoundationEssentials
import WeiboDesktop
import WeiboKit

/// The words a section shows: its tab's, and its state line's.
extension PopupSection {
    static func title(_ kind: BubbleKind, count: Int) -> String {
        let name: String
        switch kind {
        case .comments: name = tr("Comments")
        case .mentions: name = tr("Mentions")
        default: name = tr("Posts")
        }
        return count > 0 ? "\(name) (\(count))" : name
    }

    /// Why the items are old, and since when.
    static func stateWords(_ failure: PollFailure, fetchedAt: Date?, times: RelativeTimeFormatter) -> String {
        let since = fetchedAt.map { times.string(for: $0, now: Date()) }
        switch failure.kind {
        case .loginRejected: return failure.message.isEmpty ? tr("Not logged in to Weibo") : failure.message
        case .rateLimited: return since.map { tr("Weibo's limit for today is reached; these are from %s.", $0) } ?? tr("Weibo's limit for today is reached.")
        default: return since.map { tr("Offline: these are from %s.", $0) } ?? tr("Offline: Weibo could not be reached.")
        }
    }
}
