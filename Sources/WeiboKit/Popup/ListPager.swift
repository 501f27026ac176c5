/// Fetching the newest `count` items of an API list a page at a time, each page older than the
/// last (`max_id`): which page to ask for next, which of a page's items to keep, and when the
/// list has ended. The shell asks and hands the pages in; the rules are here.
///
/// A list has ended at a page that adds nothing new, or, for lists whose pages are full until
/// the last (comments, mentions: `shortEnds`), at one shorter than asked; an item the API served
/// but that could not be read counts as served, so it does not end the list. The home
/// timeline's pages are often short (Weibo leaves some out): it ends only when a page adds
/// nothing. No more than `requestLimit` pages are asked for.
public struct ListPager: Equatable, Sendable {
    public let count: Int
    public let pageSize: Int
    public let shortEnds: Bool
    public let requestLimit: Int
    public private(set) var requests = 0
    /// Items kept so far.
    public private(set) var kept = 0
    private var seen: Set<Int64> = []
    private var maxID: Int64?
    private var asked = 0
    private var ended = false

    /// `maxID`: the first page's `max_id` (older than what is held), nil for the newest.
    public init(count: Int, pageSize: Int, shortEnds: Bool, requestLimit: Int, maxID: Int64? = nil) {
        self.count = count
        self.pageSize = pageSize
        self.shortEnds = shortEnds
        self.requestLimit = requestLimit
        self.maxID = maxID
    }

    /// The next page to ask for (how many items, and `max_id`), counted as a request; nil when
    /// there are enough, the list ended, or no request is left.
    public mutating func nextPage() -> (count: Int, maxID: Int64?)? {
        guard !ended, kept < count, requests < requestLimit else { return nil }
        requests += 1
        asked = min(count - kept, pageSize)
        return (asked, maxID)
    }

    /// A page came: the ids of its readable items in order, and how many items the API served.
    /// Answers the positions of the items to keep (new ones, up to `count`), in order.
    public mutating func pageArrived(ids: [Int64], served: Int) -> [Int] {
        var keep: [Int] = []
        for (index, id) in ids.enumerated() where kept + keep.count < count && seen.insert(id).inserted {
            keep.append(index)
        }
        kept += keep.count
        guard let last = keep.last, kept < count, !(shortEnds && served < asked), ids[last] > 1 else {
            ended = true
            return keep
        }
        maxID = ids[last] - 1
        return keep
    }
}
