import CGLib
import WeiboPlatform

/// Opens `weibo-notifier login` in a terminal, for a login the daemon cannot run itself (no
/// app key yet, or a redirect address that does not come back to this machine): the Debian
/// `x-terminal-emulator` alternative, which every terminal package provides.
public enum LoginLauncher {
    /// The command run in the terminal: the login against the API the notifier talks to
    /// (`apiBase`, given when it is not Weibo's), so that the token is for that server.
    static func arguments(program: String, apiBase: String?) -> [String] {
        [program, "login"] + (apiBase.map { ["--api-base", $0] } ?? [])
    }

    /// Whether a terminal was started.
    @discardableResult
    public static func openTerminal(apiBase: String?) -> Bool {
        guard let terminal = g_find_program_in_path("x-terminal-emulator") else { return false }
        defer { g_free(terminal) }
        var error: UnsafeMutablePointer<GError>?
        let program = InstalledFiles.program ?? "weibo-notifier"
        // The argument list holds no secret: the login asks for everything itself.
        let arguments = [String(cString: terminal), "-e"] + Self.arguments(program: program, apiBase: apiBase)
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        let started = g_spawn_async(nil, &pointers, nil, G_SPAWN_SEARCH_PATH, nil, nil, nil, &error) != 0
        if let error { Log.message("cannot open a terminal for the login: \(GLibError(taking: error).message)") }
        return started
    }
}
