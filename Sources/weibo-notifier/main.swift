// The program's entry point: run the command named on the command line, exit with its code.
import Glibc

let status = CommandLineTool(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessEnvironment.current)
    .run()
exit(status.rawValue)
