import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// `weibo-notifier replies`: the replies typed into a bubble that could not be sent, and sending them again.
struct RepliesCommand: TableCommand {
    static let name = "replies"
    static var summary: String { tr("List the replies that could not be sent, or send them again") }
    static var about: String {
        tr(
            """
            A reply typed into a notification that could not be sent (no network, the day's
            calls spent, an expired login) is kept, never lost. This lists them; with --retry
            it sends each again, and keeps those that still fail. One Weibo refuses for what
            it is (more than 140 characters, its post gone) would be refused again: it is
            shown whole and no longer kept. A reply whose answer never came (a timeout) may
            have reached Weibo: it is listed as such, and sent again only with --force, once
            you have looked.
            """)
    }

    /// What its `--help` says under the options.
    static var epilogue: String? {
        tr(
            """
            Exit status: 0 when all were sent, 69 when some are still kept, 1 when Weibo
            refused some.
            """)
    }

    var retry = false
    var force = false
    var account: String?
    var apiBase: String?

    /// `--force` only with `--retry`.
    static var synopses: [String] { ["replies [--retry [--force]]" + optionsSynopsis(excluding: ["--retry", "--force"])] }

    /// The command's options, parsed by `ArgumentReader.read(_:into:)`.
    static var options: [CommandOption<Self>] {
        [
            .flag("--retry", sets: \.retry).described(tr("Send them again")),
            .flag("--force", sets: \.force).described(tr("With --retry, also those that may have reached Weibo")),
            .account(\.account, words: tr("Those of this account (a screen name or uid; default: the first)")),
            .apiBase(\.apiBase).described(tr("Send to this server instead of Weibo (a sandbox)")),
        ]
    }

    func perform(environment: [String: String]) throws(CommandError) {
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
        // Files that could not be read were moved aside: their replies wait there.
        for file in earlier.movedAside() {
            Terminal.writeError(tr("weibo-notifier: replies that could not be read were moved aside to %s (open it to send them by hand)", file))
        }
        guard retry else { return try list([store] + (isDefault ? [earlier] : [])) }
        let account = try context.loadAccount()
        let client = context.makeClient()
        // Taken out of the files: another retry finds nothing, the daemon keeps new ones there.
        let taken: [UnsentReplies.Taken]
        do {
            taken = [try store.take()] + (isDefault ? [try earlier.take()] : [])
        } catch {
            throw .failed(error.description)
        }
        let replies = taken.flatMap(\.replies)
        if replies.isEmpty { return try Terminal.write(lines: [tr("No replies wait to be sent.")]) }
        var left: [ReplyRequest] = []
        var refused = 0
        /// Weibo would refuse it however often it went: out of the file, shown whole.
        func refuse(_ reply: ReplyRequest, _ reason: String) {
            refused += 1
            Terminal.writeError(
                tr(
                    "weibo-notifier: not sent to %s: %s; Weibo would refuse it again, so it is no longer kept. It was: %s",
                    TextSanitizer.singleLine(reply.authorName), reason, reply.text))
        }
        for reply in replies {
            if let refusal = reply.refusal(processLocalizer) {
                refuse(reply, refusal)
                continue
            }
            guard !reply.maybeSent || force else {
                left.append(reply)
                Terminal.writeError(
                    tr(
                        "weibo-notifier: not sent again to %s: it may have reached Weibo already (no answer came); look there, then send it anyway with: weibo-notifier replies --retry --force",
                        TextSanitizer.singleLine(reply.authorName)))
                continue
            }
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
                if case .weibo(.api(let refusal)) = error, ReplyRequest.refusedForGood(by: refusal) {
                    refuse(reply, error.description)
                    continue
                }
                var kept = reply
                kept.maybeSent = Self.mayHaveArrived(error)
                left.append(kept)
                Terminal.writeError(tr("weibo-notifier: not sent to %s: %s", TextSanitizer.singleLine(reply.authorName), error.description))
            }
        }
        do {
            // Back into the account's own file, after what was kept meanwhile.
            try store.putBack(left, from: taken[0])
            for other in taken.dropFirst() { try earlier.putBack([], from: other) }
        } catch {
            throw .failed(error.description)
        }
        if !left.isEmpty { throw .unavailable(trn("%d reply is still kept", "%d replies are still kept", left.count, left.count)) }
        if refused > 0 { throw .failed(trn("%d reply was refused (shown above)", "%d replies were refused (shown above)", refused, refused)) }
    }

    /// `replies` alone: what waits, and what a retry is sending now.
    private func list(_ stores: [UnsentReplies]) throws(CommandError) {
        var replies: [ReplyRequest] = []
        for store in stores {
            do {
                replies += try store.load() + store.beingSent()
            } catch {
                throw .failed(error.description)
            }
        }
        if replies.isEmpty { return try Terminal.write(lines: [tr("No replies wait to be sent.")]) }
        try Terminal.write(
            lines: replies.map { reply in
                let line = tr("to %s: %s", TextSanitizer.singleLine(reply.authorName), TextSanitizer.singleLine(reply.text))
                return reply.maybeSent ? line + " " + tr("(may have reached Weibo already: no answer came)") : line
            })
    }

    /// A send whose answer never came: Weibo may have the reply.
    private static func mayHaveArrived(_ error: CommandError) -> Bool {
        switch error {
        case .weibo(let failure): return failure.requestMayHaveArrived
        case .unavailable: return true
        default: return false
        }
    }
}
