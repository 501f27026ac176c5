import WeiboDesktop
import WeiboKit

/// `weibo-notifier replies`: the replies typed into a bubble that could not be sent, and sending them again.
struct RepliesCommand: Command {
    static let name = "replies"
    static var summary: String { tr("List the replies that could not be sent, or send them again") }
    static var help: String {
        tr(
            """
            Usage: weibo-notifier replies [--retry] [--account NAME] [--api-base URL]

            A reply typed into a notification that could not be sent (no network, the day's
            calls spent, more than 140 characters, an expired login) is kept, never lost.
            This lists them; with --retry it sends each again, and keeps those that still fail.

            Options:
              --retry         Send them again
              --account NAME  Those of this account (a screen name or uid; default: the first)
              --api-base URL  Send to this server instead of Weibo (a sandbox)
              -h, --help      Show this help

            Exit status: 0 when nothing is left to send, 69 when some could not be sent.
            """)
    }

    var retry = false
    var account: String?
    var apiBase: String?
    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: Self.name)
        showHelp = try reader.readOptions { reader, option throws(CommandError) in
            switch option.name {
            case "--retry": retry = true
            case "--account": account = try reader.value(for: option)
            case "--api-base": apiBase = try reader.apiBase(for: option)
            default: return false
            }
            return true
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let context = try CommandContext(environment: environment, apiBase: apiBase, account: account)
        let saved: AccountStore.Saved
        do {
            saved = try context.accountStore.loadSaved()
        } catch {
            throw .account(error.description)
        }
        // The account's own file, and for the default one the file of earlier versions.
        let earlier = UnsentReplies(path: context.directories.unsentRepliesFile)
        let isDefault = (try? context.accountStore.selecting(nil).loadSaved().uid) == saved.uid
        let store = earlier.forAccount(saved.uid)
        let replies: [ReplyRequest]
        do {
            replies = try store.load() + (isDefault ? try earlier.load() : [])
        } catch {
            throw .failed(error.description)
        }
        // Files that could not be read were moved aside: their replies wait there.
        for file in earlier.movedAside() {
            Terminal.writeError(tr("weibo-notifier: replies that could not be read were moved aside to %s (open it to send them by hand)", file))
        }
        if replies.isEmpty { return try Terminal.write(lines: [tr("No replies wait to be sent.")]) }
        guard retry else {
            return try Terminal.write(lines: replies.map { tr("to %s: %s", TextSanitizer.singleLine($0.authorName), TextSanitizer.singleLine($0.text)) })
        }
        let account = try context.loadAccount()
        let client = context.makeClient()
        var left: [ReplyRequest] = []
        for reply in replies {
            do {
                let _: Comment = try context.wait { done in
                    if let cid = reply.commentID {
                        client.reply(for: account, toComment: cid, onStatus: reply.statusID, text: reply.text, completion: done)
                    } else {
                        client.comment(for: account, onStatus: reply.statusID, text: reply.text, completion: done)
                    }
                }
                try Terminal.write(lines: [tr("Sent to %s.", TextSanitizer.singleLine(reply.authorName))])
            } catch {
                left.append(reply)
                Terminal.writeError(tr("weibo-notifier: not sent to %s: %s", TextSanitizer.singleLine(reply.authorName), error.description))
            }
        }
        do {
            try store.save(left)
            if isDefault { try PrivateFile.remove(earlier.path) }
        } catch {
            throw .failed(error.description)
        }
        if !left.isEmpty { throw .unavailable(trn("%d reply is still kept", "%d replies are still kept", left.count, left.count)) }
    }
}
