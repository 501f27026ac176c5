import CGLib
import CGtk
import CHandy
import WeiboDesktop
import WeiboGtk
import WeiboKit

/// The General page's "Check the set-up": what `weibo-notifier doctor --json` finds (the
/// session bus, the notification server, the tray, the keyring, autostart, the network, the
/// configuration, the login and the API), a row each, a problem with its fix: a button where
/// the window can mend it (log in, start with the session, the setting's page), else the
/// words. The doctor runs as a process of its own, asynchronously (it waits for the network
/// and the API): the window never blocks.
final class SetupCheck {
    let group: UnsafeMutableRawPointer
    private let button: UnsafeMutableRawPointer
    private let spinner: UnsafeMutableRawPointer
    private let environment: [String: String]
    private var rows: [UnsafeMutableRawPointer] = []
    private var running = false
    private let localizer: Localizer
    /// What the window does for a fix's button.
    private let mend: (SetupFix) -> Void

    init(environment: [String: String], localizer: Localizer, mend: @escaping (SetupFix) -> Void) {
        self.environment = environment
        self.localizer = localizer
        self.mend = mend
        group = UnsafeMutableRawPointer(made(hdy_preferences_group_new(), "a group"))
        hdy_preferences_group_set_title(CHandy_preferences_group(group), tr("Check the set-up"))
        hdy_preferences_group_set_description(
            CHandy_preferences_group(group), tr("What the notifier needs: the desktop, the keyring, the network, the login and Weibo's API."))
        let row = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a row"))
        hdy_preferences_row_set_title(CHandy_preferences_row(row), tr("Check now"))
        spinner = UnsafeMutableRawPointer(made(gtk_spinner_new(), "a spinner"))
        gtk_widget_set_no_show_all(CGtk_widget(spinner), 1)
        button = UnsafeMutableRawPointer(made(gtk_button_new_with_label(tr("Check")), "a button"))
        atk_object_set_name(CGtk_accessible(button), tr("Check the set-up"))
        gtk_widget_set_valign(CGtk_widget(button), GTK_ALIGN_CENTER)
        gtk_container_add(CGtk_container(row), CGtk_widget(spinner))
        gtk_container_add(CGtk_container(row), CGtk_widget(button))
        gtk_container_add(CGtk_container(group), CGtk_widget(row))
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
            let process = g_subprocess_newv(
                &arguments, GSubprocessFlags(G_SUBPROCESS_FLAGS_STDOUT_PIPE.rawValue | G_SUBPROCESS_FLAGS_STDERR_SILENCE.rawValue), &error)
        else {
            let message = error.map { String(cString: $0.pointee.message) } ?? tr("the check could not start")
            if let error { g_error_free(error) }
            return show([SetupFinding(.missing, message)])
        }
        running = true
        gtk_widget_set_sensitive(CGtk_widget(button), 0)
        gtk_widget_show(CGtk_widget(spinner))
        gtk_spinner_start(CHandy_spinner(spinner))
        let box = Unmanaged.passRetained(Reply { [weak self] output in self?.finished(output) }).toOpaque()
        g_subprocess_communicate_utf8_async(process, nil, nil, Reply.ready, box)
        g_object_unref(UnsafeMutableRawPointer(process))
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
        gtk_spinner_stop(CHandy_spinner(spinner))
        gtk_widget_hide(CGtk_widget(spinner))
        gtk_widget_set_sensitive(CGtk_widget(button), 1)
        show(SetupFinding.read(json: output) ?? [SetupFinding(.missing, tr("the check gave no answer"))])
    }

    private func show(_ findings: [SetupFinding]) {
        for row in rows { gtk_widget_destroy(CGtk_widget(row)) }
        rows = findings.filter { $0.level != .setting }.map { finding in
            let row = UnsafeMutableRawPointer(made(hdy_action_row_new(), "a row"))
            hdy_preferences_row_set_title(CHandy_preferences_row(row), finding.mark + " " + finding.what)
            if let fix = finding.fix { hdy_action_row_set_subtitle(CHandy_action_row(row), fix.terminal) }
            hdy_action_row_set_title_lines(CHandy_action_row(row), 3)
            hdy_action_row_set_subtitle_lines(CHandy_action_row(row), 3)
            atk_object_set_name(CGtk_accessible(row), finding.what + (finding.fix.map { " → " + $0.terminal } ?? ""))
            if let fix = finding.fix, let label = fix.buttonLabel {
                let button = UnsafeMutableRawPointer(made(gtk_button_new_with_label(label.text(localizer)), "a fix's button"))
                // Named with what it mends: "Start with my session" is a switch's name too.
                atk_object_set_name(CGtk_accessible(button), label.text(localizer) + ": " + finding.what)
                gtk_widget_set_valign(CGtk_widget(button), GTK_ALIGN_CENTER)
                gtk_container_add(CGtk_container(row), CGtk_widget(button))
                Signal.clicked.connect(button) { [weak self] _ in
                    self?.mend(fix)
                }
            }
            gtk_container_add(CGtk_container(group), CGtk_widget(row))
            gtk_widget_show_all(CGtk_widget(row))
            return row
        }
    }
}
