// The popup's entry point: check the command line here (a usage error is this process's to
// print), set GTK up, ask the daemon for the section's items meanwhile, then run the unique GTK
// application, which hands a second start to the first.
import CGtk
import Glibc
import WeiboGtk
import WeiboKit
import WeiboPlatform

Log.setUpProcess()
let environment = ProcessEnvironment.current
Gettext.setUpProcess(localeDirectory: InstalledFiles.localeDirectory, environment: environment)
let options: PopupOptions
do throws(PopupOptions.Failure) {
    options = try PopupOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    GtkApplicationRun.exitWithUsageError("weibo-notifier-popup", error.message)
}
if options.showHelp {
    print(PopupOptions.help)
    exit(0)
}
Browser.drawWithoutOpenGL()
// GTK set up before any thread starts: it takes the click's activation token out of the
// environment, which fontconfig's and GDBus' threads read. The popup is never a session's
// autostarted client: an autostart id it has is the daemon's, inherited.
g_set_prgname("weibo-notifier-popup")
unsetenv("DESKTOP_AUTOSTART_ID")
Toolkit.start()
// Fontconfig's set-up starts now, on Pango's thread, while GTK reads its theme.
_ = pango_cairo_font_map_get_default()
let prefetch = ItemsPrefetch(kind: options.kind, count: PopupItems.pageSize, account: options.account)
exit(PopupApplication(environment: environment, prefetch: prefetch).run(CommandLine.arguments))
