import WeiboDesktop
import WeiboPlatform

/// The command line's reader: WeiboPlatform's, whose usage errors are this program's
/// (`CommandError.usage`, exit status 64).
typealias ArgumentReader = WeiboPlatform.ArgumentReader<CommandError>

extension WeiboPlatform.ArgumentReader where Failure == CommandError {
    /// A reader for `command`'s arguments: a mistake says "weibo-notifier COMMAND: …" and
    /// points at the command's `--help`.
    init(_ arguments: [String], command: String) {
        self.init(arguments) { message in .usage(tr("weibo-notifier %1$s: %2$s\nTry 'weibo-notifier %1$s --help'.", command, message)) }
    }
}
