import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier comments`: the comments on your posts, laid out.
struct CommentsCommand: ListingCommand {
    static let listed = ListedItems.comments
    let listing: ItemsListing
}

/// `weibo-notifier mentions`: the posts and comments that @mention you, laid out.
struct MentionsCommand: ListingCommand {
    static let listed = ListedItems.mentions
    let listing: ItemsListing
}

/// What `comments` and `mentions` list, and their words.
enum ListedItems {
    case comments, mentions

    var name: String {
        switch self {
        case .comments: "comments"
        case .mentions: "mentions"
        }
    }

    var summary: String {
        switch self {
        case .comments: tr("Lay out the comments on your posts")
        case .mentions: tr("Lay out the posts and comments that mention you")
        }
    }

    /// What the command lays out, for `--help`.
    var about: String {
        switch self {
        case .comments:
            ItemsListing.about(tr("Lays out the newest comments on your posts: who, when, the comment, what it answers and the post it is on."))
        case .mentions: ItemsListing.about(tr("Lays out the newest posts and comments that @mention you: who, when and what."))
        }
    }

    var kind: BubbleKind {
        switch self {
        case .comments: .comments
        case .mentions: .mentions
        }
    }
}

/// A listing command: its items' listing, read from its arguments, with its words.
protocol ListingCommand: ParsedCommand {
    static var listed: ListedItems { get }
    var listing: ItemsListing { get }
    init(listing: ItemsListing)
}

extension ListingCommand {
    static var name: String { listed.name }
    static var summary: String { listed.summary }
    static var about: String { listed.about }
    static var epilogue: String? { ItemsListing.epilogue }
    static var optionShapes: [OptionShape] { CommandOption.offered(ItemsListing.options) }

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.init(listing: try ItemsListing(Self.listed.kind, command: Self.listed.name, arguments: arguments, environment: environment))
    }

    func run() throws(CommandError) {
        if listing.showHelp { return try Terminal.write(lines: [Self.help]) }
        try listing.run()
    }
}
