// The settings window's entry point: check the command line here (a usage error is this
// process's to print), then run the unique GTK application, which hands a second start to the first.
import Glibc
import WeiboDesktop
import WeiboKit

Log.setUpProcess()
let environment = ProcessEnvironment.current
Gettext.setUpProcess(localeDirectory: InstalledFiles.localeDirectory, environment: environment)
do throws(SettingsOptions.Failure) {
    let options = try SettingsOptions(arguments: Array(CommandLine.arguments.dropFirst()))
    if options.showHelp {
        print(SettingsOptions.help)
        exit(0)
    }
} catch {
    // The option as typed goes back without terminal controls.
    let words = TextSanitizer.terminalSafe("weibo-notifier-settings: " + error.message)
    let message = Array((words + "\n" + tr("Try 'weibo-notifier-settings --help'.") + "\n").utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(2)
}
Browser.drawWithoutOpenGL()
exit(SettingsApplication(environment: environment).run(CommandLine.arguments))
