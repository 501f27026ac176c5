// The settings window's entry point: check the command line here (a usage error is this
// process's to print), then run the unique GTK application, which hands a second start to the first.
import Glibc
import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

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
    GtkApplicationRun.exitWithUsageError("weibo-notifier-settings", error.message)
}
Browser.drawWithoutOpenGL()
exit(SettingsApplication(environment: environment).run(CommandLine.arguments))
