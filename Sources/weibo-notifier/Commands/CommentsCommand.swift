import WeiboDesktop
import WeiboKit

/// `weibo-notifier comments`: the comments on your posts, laid out.
struct CommentsCommand: ParsedCommand {
    static let name = "comments"
    static var summary: String { tr("Lay out the comments on your posts") }
    static var help: String {
        ItemsListing.help(
            tr(
                "Usage: weibo-notifier comments [--file PATH|-] [--width N] [--count N] [--color WHEN]\n                               [--account NAME] [--api-base URL]"
            ),
            tr("Lays out the newest comments on your posts: who, when, the comment, what it answers and the post it is on."))
    }

    let listing: ItemsListing

    static var optionShapes: [OptionShape] { CommandOption.offered(ItemsListing.options) }

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        listing = try ItemsListing(.comments, command: Self.name, arguments: arguments, environment: environment)
    }

    func run() throws(CommandError) {
        if listing.showHelp { return try Terminal.write(lines: [Self.help]) }
        try listing.run()
    }
}
