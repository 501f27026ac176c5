import FoundationEssentials
import WeiboDesktop
import WeiboKit

/// `weibo-notifier logout`: revokes the login on Weibo's side and deletes it here.
struct LogoutCommand {
    static let help = """
        Usage: weibo-notifier logout [--api-base URL]

        Asks Weibo to revoke the saved login, then deletes it from this machine (also when
        Weibo cannot be reached: the revocation is then only local).
        """

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
            default: throw reader.usage("unknown option '\(option.name)'")
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
            if case .notLoggedIn = error { return try Terminal.write(lines: ["Not logged in."]) }
            // An unreadable or corrupt file is still removed.
            Terminal.writeError("weibo-notifier: warning: \(error)")
            try delete(context)
            return try Terminal.write(lines: ["Logged out (the login file was removed)."])
        }
        let client = context.makeClient()
        do {
            let _: Bool = try context.wait { client.revoke(accessToken: account.accessToken, completion: $0) }
        } catch {
            Terminal.writeError("weibo-notifier: warning: Weibo did not confirm the revocation (\(error)); removing the login here anyway")
        }
        try delete(context)
        try Terminal.write(lines: ["Logged out."])
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
    static let help = """
        Usage: weibo-notifier account

        Shows the saved login: the uid, when it expires and how many days are left.
        Exit status 77 when there is no valid login.
        """

    var showHelp = false
    let environment: [String: String]

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        self.environment = environment
        var reader = ArgumentReader(arguments, command: "account")
        while let option = try reader.nextOption() {
            switch option.name {
            case "-h", "--help": showHelp = true
            default: throw reader.usage("unknown option '\(option.name)'")
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
            throw .account("the login of uid \(account.uid) expired on \(expiry); run: weibo-notifier login")
        }
        let days = account.secondsLeft(at: now) / 86_400
        try Terminal.write(lines: ["uid \(account.uid)", "login valid until \(expiry) (\(days) days left)"])
    }
}

/// `weibo-notifier unread`: the unread counts, once.
struct UnreadCommand {
    static let help = """
        Usage: weibo-notifier unread [--json] [--api-base URL]

        Asks Weibo once for the unread counts (new posts, comments, @mentions, direct
        messages, followers) and prints those that are not zero.

        Options:
          --json            One JSON object with every counter and the total
          --api-base URL    Talk to this server instead of Weibo (a sandbox)
        """

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
            default: throw reader.usage("unknown option '\(option.name)'")
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
