// The popup's entry point: check the command line here (a usage error is this process's to
// print), then run the unique GTK application, which hands a second start to the first.
import CGtk
import Glibc
import WeiboDesktop
import WeiboGtk
import WeiboKit

Log.setUpProcess()
let environment = ProcessEnvironment.current
Gettext.setUpProcess(localeDirectory: InstalledFiles.localeDirectory, environment: environment)
let arguments = Array(CommandLine.arguments.dropFirst())
do throws(PopupOptions.Failure) {
    let options = try PopupOptions(arguments: arguments)
    if options.showHelp {
        print(PopupOptions.help)
        exit(0)
    }
} catch {
    GtkApplicationRun.exitWithUsageError("weibo-notifier-popup", error.message)
}
Browser.drawWithoutOpenGL()
exit(PopupApplication(environment: environment).run(CommandLine.arguments))
