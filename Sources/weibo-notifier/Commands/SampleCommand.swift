import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier sample`: prints a generated home timeline in the API's JSON.
struct SampleCommand: TableCommand {
    static let name = "sample"
    static var summary: String { tr("Print a generated home timeline (JSON) to try things with") }
    static var about: String {
        tr(
            """
            Prints a generated statuses/home_timeline.json response: Chinese and English
            texts, emoji, pictures, retweets (some deleted), VIPs, counts up to millions.
            The same seed gives the same statuses. It is the data the sandbox serves.
            """)
    }

    var seed: UInt64 = 1
    var count = 20
    var now = Timestamp.now

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .integer("--seed", \.seed, in: 0...Int.max).described(tr("The seed (default: 1)")),
            .integer("--count", \.count, in: 1...10_000).described(tr("How many statuses, 1 to 10000 (default: 20)")),
            .custom("--now", placeholder: "SECONDS") { reader, option, command throws(CommandError) in
                command.now = Timestamp(secondsSince1970: Double(try reader.integer(for: option, in: 0...253_402_300_799)))
            }.described(tr("Date the statuses before this time, in seconds since 1970 (default: now)")),
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
        var generator = StatusGenerator(seed: seed, now: now)
        let page = generator.page(count: count)
        do {
            let data = try WeiboJSON.encode(page)
            try Terminal.write(lines: [String(decoding: data, as: UTF8.self)])
        } catch let error as CommandError {
            throw error
        } catch {
            throw .output(tr("cannot encode the sample: %s", String(describing: error)))
        }
    }
}
