import WeiboDesktop
import WeiboKit

/// `weibo-notifier mentions`: the posts and comments that @mention you, laid out.
struct MentionsCommand: ParsedCommand {
    static let name = "mentions"
    static var summary: String { tr("Lay out the posts and comments that mention you") }
    static var help: String {
        ItemsListing.help(
            tr(
                "Usage: weibo-notifier mentions [--file PATH|-] [--width N] [--count N] [--color WHEN]\n                               [--account NAME] [--api-base URL]"
            ),
            tr("Lays out the newest posts and comments that @mention you: who, when and what."))
    }

    let listing: ItemsListing

    static var optionShapes: [OptionShape] { CommandOption.offered(ItemsListing.options) }

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        listing = try ItemsListing(.mentions, command: Self.name, arguments: arguments, environment: environment)
    }

    func run() throws(CommandError) {
        if listing.showHelp { return try Terminal.write(lines: [Self.help]) }
        try listing.run()
    }
}
