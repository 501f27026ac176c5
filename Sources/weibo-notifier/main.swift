// The program's entry point: run the command named on the command line, exit with its code.
import Glibc
import WeiboDesktop
import WeiboPlatform

Log.setUpProcess()
RawArguments.record()
let environment = ProcessEnvironment.current
Gettext.setUpProcess(localeDirectory: InstalledFiles.localeDirectory, environment: environment)
let status = CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
    .run()
exit(status.rawValue)
