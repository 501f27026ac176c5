import WeiboDesktop

/// `weibo-notifier mark-read`: everything the running notifier knows of counts as seen.
struct MarkReadCommand: Command {
    static let name = "mark-read"
    static var summary: String { tr("Count everything as seen without checking again") }
    static var help: String {
        tr(
            """
            Usage: weibo-notifier mark-read

            Tells the running notifier to count everything it knows of as seen, and to close
            its notification (no new check).
            """)
    }

    var showHelp = false

    init(arguments: [String], environment: [String: String]) throws(CommandError) {
        var reader = ArgumentReader(arguments, command: Self.name)
        showHelp = try reader.readOptions()
    }

    func run() throws(CommandError) {
        if showHelp { return try Terminal.write(lines: [Self.help]) }
        try DaemonCall.with { connection throws(SessionBus.Failure) in
            DaemonStatus.release(try SessionBus.callDaemon(connection, "MarkRead"))
        }
        try Terminal.write(lines: [tr("Marked as seen.")])
    }
}
