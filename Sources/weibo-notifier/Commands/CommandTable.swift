/// Every command, once, in the order `--help` lists them: dispatch, the program's help and the
/// man-page test all read this table.
enum CommandTable {
    static var commands: [any Command.Type] {
        [
            RunCommand.self, DemoCommand.self, StatusCommand.self, RefreshCommand.self, MarkReadCommand.self, PopupCommand.self, ShowSummaryCommand.self,
            CheckNowCommand.self, PauseCommand.self, ResumeCommand.self, WatchCommand.self,
            AutostartCommand.self, CompletionCommand.self, DoctorCommand.self, SettingsCommand.self, ConfigCommand.self, LoginCommand.self, LogoutCommand.self,
            AccountsCommand.self,
            AccountCommand.self,
            UnreadCommand.self,
            CommentsCommand.self, MentionsCommand.self, RepliesCommand.self, TimelineCommand.self, SandboxCommand.self, SampleCommand.self,
        ]
    }

    /// The command called `name`.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    /// `  name       summary`, one line each, for the program's help.
    static var summaryLines: [String] {
        let names = commands.map { command in command.name }
        let width = names.map { name in name.count }.max() ?? 0
        return zip(names, commands).map { name, command in
            "  " + name + String(repeating: " ", count: width - name.count + 2) + command.summary
        }
    }
}
