import CGLib
import WeiboDesktop
import WeiboGtk
import WeiboKit
import WeiboPlatform

/// The General page's "Check the set-up": what `weibo-notifier doctor --json` finds (the
/// session bus, the notification server, the tray, the keyring, autostart, the network, the
/// configuration, the login and the API), a row each, a problem with its fix: a button where
/// the window can mend it (log in, start with the session, the setting's page), else the
/// words. The doctor runs as a process of its own, asynchronously (it waits for the network
/// and the API): the window never blocks.
final class SetupCheck {
    let group = PreferencesGroup(
        title: tr("Check the set-up"), description: tr("What the notifier needs: the desktop, the keyring, the network, the login and Weibo's API."))
    private let button = Button(tr("Check"))
    private let spinner = Spinner()
    private let environment: [String: String]
    private var rows: [ActionRow] = []
    private var running = false
    private let localizer: Localizer
    /// What the window does for a fix's button.
    private let mend: (SetupFix) -> Void

    init(environment: [String: String], localizer: Localizer, mend: @escaping (SetupFix) -> Void) {
        self.environment = environment
        self.localizer = localizer
        self.mend = mend
        let row = ActionRow(title: tr("Check now"))
        spinner.showsOnlyWhenAsked = true
        button.accessibleName = tr("Check the set-up")
        button.align(vertical: .center)
        row.add(spinner)
        row.add(button)
        group.add(row)
        Signal.clicked.connect(button) { [weak self] _ in
            self?.run()
        }
    }

    private func run() {
        guard !running, let program = InstalledFiles.companion("weibo-notifier", environment: environment) else { return }
        let texts: [UnsafeMutablePointer<CChar>?] = [program, "doctor", "--json"].map { (text: String) in strdup(text) }
        defer { for text in texts { free(text) } }
        var arguments: [UnsafePointer<CChar>?] = texts.map { $0.map { UnsafePointer($0) } } + [nil]
        var error: UnsafeMutablePointer<GError>?
        guard
            let made = g_subprocess_newv(
                &arguments, GSubprocessFlags(G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDERR_SILENCE.rawValue), &error)
        else {
            let message = error.map { String(cString: $0.pointee.message) } ?? tr("the check could not start")
            if let error { g_error_free(error) }
            return show([SetupFinding(.missing, message)])
        }
        running = true
        button.isSensitive = false
        spinner.show()
        spinner.spin(true)
        let box = Unmanaged.passRetained(Reply { [weak self] output in self?.finished(output) }).toOpaque()
        // The call holds the process until it answers.
        let process = ObjectReference(taking: made)
        g_subprocess_communicate_utf8_async(process.pointer, nil, nil, Reply.ready, box)
    }

    /// The doctor's output, handed back on the main loop.
    private final class Reply {
        let done: (String) -> Void
        init(_ done: @escaping (String) -> Void) { self.done = done }

        static let ready: GAsyncReadyCallback = { source, result, data in
            guard let data else { return }
            let reply = Unmanaged<Reply>.fromOpaque(data).takeRetainedValue()
            var output: UnsafeMutablePointer<CChar>?
            var error: UnsafeMutablePointer<GError>?
            _ = g_subprocess_communicate_utf8_finish(OpaquePointer(source), result, &output, nil, &error)
            if let error { g_error_free(error) }
            reply.done(output.map { String(cString: $0) } ?? "")
            g_free(output)
        }
    }

    private func finished(_ output: String) {
        running = false
        spinner.spin(false)
        spinner.hide()
        button.isSensitive = true
        show(SetupFinding.read(json: output) ?? [SetupFinding(.missing, tr("the check gave no answer"))])
    }

    private func show(_ findings: [SetupFinding]) {
        for row in rows { row.destroy() }
        rows = findings.filter { $0.level != .setting }.map { finding in
            let row = ActionRow(title: finding.mark + " " + finding.what, subtitle: finding.fix?.terminal, subtitleLines: 3)
            row.wrapsTitle(to: 3)
            row.accessibleName = finding.what + (finding.fix.map { " → " + $0.terminal } ?? "")
            if let fix = finding.fix, let label = fix.buttonLabel {
                let button = Button(label.text(localizer))
                // Named with what it mends: "Start with my session" is a switch's name too.
                button.accessibleName = label.text(localizer) + ": " + finding.what
                button.align(vertical: .center)
                row.add(button)
                Signal.clicked.connect(button) { [weak self] _ in
                    self?.mend(fix)
                }
            }
            group.add(row)
            row.showAll()
            return row
        }
    }
}
