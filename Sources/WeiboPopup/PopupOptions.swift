import WeiboKit
import WeiboPlatform

/// The popup's command line:
/// `weibo-notifier-popup [--kind posts|comments|mentions] [--at X,Y] [--account UID] [--toggle]`.
struct PopupOptions: Equatable {
    var kind = PopupSectionKind.posts
    /// The account shown, by uid (else the notifier's default).
    var account: String?
    /// Where the click was, in screen coordinates (the tray's `Activate`).
    var point: (x: Int32, y: Int32)?
    /// A start that closes the window when it is in front at that section already (the tray
    /// icon's click, the shortcut); else one that only shows it (a bubble's click).
    var toggles = false
    var showHelp = false

    static func == (left: PopupOptions, right: PopupOptions) -> Bool {
        left.kind == right.kind && left.account == right.account && left.point?.x == right.point?.x && left.point?.y == right.point?.y
            && left.toggles == right.toggles && left.showHelp == right.showHelp
    }

    struct Failure: Error, Equatable {
        var message: String
    }

    /// The usage line and the options list, from the options table, around what the popup is.
    static var help: String { ProgramOption.help(program: "weibo-notifier-popup", options, about: about) }

    static var about: String {
        tr(
            """
            The notifier's popup: the newest posts, comments and mentions, in a small window at
            the tray. The notifier starts it (a click on the tray icon or a notification, or
            weibo-notifier popup); a second start brings it to the front at its section. With
            --toggle, as the tray icon's click and the shortcut start it, a start closes it when
            it is in front at that section already.
            """)
    }

    /// The popup's options, parsed by WeiboDesktop's `ArgumentReader`, as the command line's are.
    static var options: [ProgramOption<PopupOptions, Failure>] {
        [
            .choice("--kind", sets: \.kind, placeholder: "KIND").described(tr("The section to show: posts, comments or mentions (default: posts)")),
            .custom("--at", placeholder: "X,Y") { reader, option, options throws(Failure) in
                let value = try reader.value(for: option)
                let numbers = value.split(separator: ",").compactMap { Int32($0) }
                guard numbers.count == 2 else { throw reader.usage(tr("--at: '%s' is not X,Y in pixels", value)) }
                options.point = (numbers[0], numbers[1])
            }.described(tr("Where the click was, in screen pixels (X11); else at the pointer")),
            .custom("--account", placeholder: "UID") { reader, option, options throws(Failure) in
                let value = try reader.value(for: option)
                guard !value.isEmpty, value.allSatisfy(\.isASCII), Int64(value) != nil else {
                    throw reader.usage(tr("--account needs an account's uid (digits)"))
                }
                options.account = value
            }.described(
                tr("The account to show, by its uid (default: the notifier's default); a start for another account closes the window of the one shown")),
            .flag("--toggle", sets: \.toggles).described(tr("Close the window instead when it is in front at that section already")),
        ]
    }

    /// Reads `arguments` (without the program's name).
    init(arguments: [String]) throws(Failure) {
        var reader = ArgumentReader(arguments) { Failure(message: $0) }
        showHelp = try reader.read(Self.options, into: &self)
    }
}
