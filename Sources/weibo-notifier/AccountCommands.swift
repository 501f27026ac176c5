import FoundationEssentials
import WeiboDesktop
import WeiboKit

/// `weibo-notifier logout`: revokes the login on Weibo's side and deletes it here.
struct LogoutCommand {
    static var help: String {
        tr("""
        Usage: weibo-notifier logout [--api-base URL]

        Asks Weibo to revoke the saved login, then deletes it from this machine (also when
        Weibo cannot be reached: the revocation is then only local).
        """)
    }

    var apiBase: String?
    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: "logout")
        while let option = try reader.nextOption() {
            switch option.name {
            case "--api-base": apiBase = try reader.apiBase(for: option)
            case "-h", "--help": showHelp = true
            default: throw reader.usage(tr("unknown option '%s'", option.name))
            }
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let context = try CommandContext(environment: environment, apiBase: apiBase)
        let account: Account
        do {
            account = try context.accountStore.load()
        } catch {
            if case .notLoggedIn = error { return try Terminal.write(lines: [tr("Not logged in.")]) }
            // An unreadable or corrupt file is still removed.
            Terminal.writeError(tr("weibo-notifier: warning: %s", error.description))
            try delete(context)
            return try Terminal.write(lines: [tr("Logged out (the login file was removed).")])
        }
        let client = context.makeClient()
        do {
            let _: Bool = try context.wait { client.revoke(accessToken: account.accessToken, completion: $0) }
        } catch {
            Terminal.writeError(tr("weibo-notifier: warning: Weibo did not confirm the revocation (%s); removing the login here anyway", error.description))
        }
        try delete(context)
        try Terminal.write(lines: [tr("Logged out.")])
    }

    private func delete(_ context: CommandContext) throws(CommandError) {
        do {
            try context.accountStore.delete()
        } catch {
            throw .account(error.description)
        }
    }
}

/// `weibo-notifier account`: who is logged in and until when.
struct AccountCommand {
    static var help: String {
        tr("""
        Usage: weibo-notifier account

        Shows the saved login: the uid, when it expires and how many days are left.
        Exit status 77 when there is no valid login.
        """)
    }

    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: "account")
        while let option = try reader.nextOption() {
            switch option.name {
            case "-h", "--help": showHelp = true
            default: throw reader.usage(tr("unknown option '%s'", option.name))
            }
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let context = try CommandContext(environment: environment, apiBase: nil)
        let account = try context.loadAccount()
        let now = Date()
        let expiry = Terminal.localDate(account.expiresAt)
        if account.isExpired(at: now) {
            throw .account(tr("the login of uid %d expired on %s; run: weibo-notifier login", account.uid, expiry))
        }
        let days = Int(account.secondsLeft(at: now) / 86_400)
        try Terminal.write(lines: [tr("uid %d", account.uid), trn("login valid until %s (%d day left)", "login valid until %s (%d days left)", days, expiry, days)])
    }
}

/// `weibo-notifier unread`: the unread counts, once.
struct UnreadCommand {
    static var help: String {
        tr("""
        Usage: weibo-notifier unread [--json] [--api-base URL]

        Asks Weibo once for the unread counts (new posts, comments, @mentions, direct
        messages, followers) and prints those that are not zero.

        Options:
          --json            One JSON object with every counter and the total
          --api-base URL    Talk to this server instead of Weibo (a sandbox)
        """)
    }

    var json = false
    var apiBase: String?
    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: "unread")
        while let option = try reader.nextOption() {
            switch option.name {
            case "--json": json = true
            case "--api-base": apiBase = try reader.apiBase(for: option)
            case "-h", "--help": showHelp = true
            default: throw reader.usage(tr("unknown option '%s'", option.name))
            }
        }
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        let context = try CommandContext(environment: environment, apiBase: apiBase)
        let account = try context.loadAccount()
        let client = context.makeClient()
        let counts: UnreadCounts = try context.wait { client.unreadCounts(for: account, completion: $0) }
        if json {
            let fields = UnreadCounter.allCases.map { "\"\($0.rawValue)\":\(counts[$0])" }
            return try Terminal.write(lines: ["{" + fields.joined(separator: ",") + ",\"total\":\(counts.total)}"])
        }
        let lines = UnreadCounter.allCases.filter { counts[$0] > 0 }.map { context.localizer.text(.unread($0, counts[$0])) }
        try Terminal.write(lines: lines.isEmpty ? [context.localizer.text(.nothingUnread)] : lines)
    }
}
