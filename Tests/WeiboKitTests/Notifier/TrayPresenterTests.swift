import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

/// The tray icon's look, status, first tooltip line and menu headline for every state, the one
/// that most needs the user winning.
@Suite struct TrayPresenterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var unread = UnreadCounts()
        var phase = NotifierPhase.ok
        var paused = false
        var quiet = false
        var doNotDisturb = false
        var hideAtZero = false
        /// The network monitor's word (failing checks are "offline" only when it says so).
        var network = false
        var keyringMissing = false
        var look: TrayLook
        var status: String
        var firstLine: String
        var headline: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "nothing new stays on the panel", look: .normal, status: "Active", firstLine: "Nothing new", headline: "Nothing new"),
        Case(name: "nothing new, hidden when asked", hideAtZero: true, look: .normal, status: "Passive", firstLine: "Nothing new", headline: "Nothing new"),
        Case(name: "starting", phase: .starting, look: .normal, status: "Active", firstLine: "Nothing new", headline: "Nothing new"),
        Case(name: "unread", unread: UnreadCounts(status: 2), look: .unread, status: "NeedsAttention", firstLine: "2 new posts", headline: "2 new posts"),
        Case(
            name: "unread, hideAtZero changes nothing", unread: UnreadCounts(status: 2), hideAtZero: true, look: .unread, status: "NeedsAttention",
            firstLine: "2 new posts", headline: "2 new posts"),
        Case(
            name: "an expired login over unread", unread: UnreadCounts(status: 2), phase: .loginExpired, look: .loginExpired, status: "NeedsAttention",
            firstLine: "Your Weibo login has expired: “Log in to Weibo again” logs in anew", headline: "Login expired · 2 new posts"),
        Case(
            name: "not logged in", phase: .notLoggedIn, hideAtZero: true, look: .loginExpired, status: "Active",
            firstLine: "Not logged in: “Log in to Weibo…” in the tray's menu logs in", headline: "Not logged in"),
        Case(
            name: "a locked keyring over a pause", unread: UnreadCounts(dm: 1), phase: .waitingForKeyring, paused: true, look: .waitingForKeyring,
            status: "Active", firstLine: "Waiting for the keyring to be unlocked", headline: "Keyring locked · Paused until 15:00 · 1 new private message"),
        Case(
            name: "no keyring at all", phase: .waitingForKeyring, keyringMissing: true, look: .waitingForKeyring, status: "Active",
            firstLine: "No keyring runs in this session: checks start once one does", headline: "No keyring · Nothing new"),
        Case(
            name: "the rate limit over unread", unread: UnreadCounts(dm: 1), phase: .rateLimited, look: .rateLimited, status: "Active",
            firstLine: "Weibo's rate limit is reached; the counts are from the last check", headline: "Rate limit reached · 1 new private message"),
        Case(
            name: "offline over a pause", unread: UnreadCounts(status: 1), phase: .offline, paused: true, look: .offline, status: "Active",
            firstLine: "offline since 13:00", headline: "Offline · Paused until 15:00 · 1 new post"),
        // Round 4: garbage answers (or a server fault) with the network up are no "offline".
        Case(
            name: "failing checks with the network up", unread: UnreadCounts(status: 1), phase: .offline, network: true, look: .offline,
            status: "Active", firstLine: "no usable answer from Weibo since 13:00 (the network is up)", headline: "Weibo not answering · 1 new post"),
        Case(
            name: "paused over unread", unread: UnreadCounts(status: 1), paused: true, look: .paused, status: "Active",
            firstLine: "notifications paused until 15:00", headline: "Paused until 15:00 · 1 new post"),
        Case(
            name: "quiet hours", quiet: true, hideAtZero: true, look: .paused, status: "Active", firstLine: "quiet hours until 08:00",
            headline: "Quiet hours until 08:00 · Nothing new"),
        Case(
            name: "do-not-disturb over unread", unread: UnreadCounts(mentionStatus: 1), doNotDisturb: true, look: .doNotDisturb, status: "Active",
            firstLine: "do not disturb: notifications wait until it ends", headline: "Do not disturb · 1 mention"),
        Case(
            name: "a pause over do-not-disturb", paused: true, doNotDisturb: true, look: .paused, status: "Active",
            firstLine: "notifications paused until 15:00", headline: "Paused until 15:00 · Do not disturb · Nothing new"),
    ]

    @Test(arguments: cases) func theLookIsTheStateThatMostNeedsTheUser(_ example: Case) {
        let presenter = UnreadPresenter(localizer: Localizer())
        let shown = presenter.tray(
            example.unread, phase: example.phase, lastPoll: TestTime.date(2026, 11, 30, 14, 0), offlineSince: TestTime.date(2026, 11, 30, 13, 0),
            zone: TestTime.zone, networkAvailable: example.network, keyringMissing: example.keyringMissing,
            pausedUntil: example.paused ? TestTime.date(2026, 11, 30, 15, 0) : nil,
            quietUntil: example.quiet ? TestTime.date(2026, 12, 1, 8, 0) : nil, doNotDisturb: example.doNotDisturb, hideAtZero: example.hideAtZero)
        #expect(shown.look == example.look)
        #expect(shown.status == example.status)
        #expect(shown.toolTip.split(separator: "\n").first.map(String.init) == example.firstLine, "\(shown.toolTip)")
        #expect(shown.headline == example.headline)
    }

    /// The count beside the icon (`XAyatanaLabel`): the counted total, "99+" past 99; none at
    /// zero, while paused or without a login (the icon says those), or when turned off.
    static let labels: [(name: String, unread: UnreadCounts, phase: NotifierPhase, paused: Bool, doNotDisturb: Bool, on: Bool, label: String)] = [
        ("nothing new", UnreadCounts(), .ok, false, false, true, ""),
        ("three comments", UnreadCounts(cmt: 3), .ok, false, false, true, "3"),
        ("the watched counters added up", UnreadCounts(status: 4, cmt: 3, mentionStatus: 1), .ok, false, false, true, "8"),
        ("new followers count too", UnreadCounts(follower: 5), .ok, false, false, true, "5"),
        ("99 exactly", UnreadCounts(status: 99), .ok, false, false, true, "99"),
        ("past 99", UnreadCounts(status: 100), .ok, false, false, true, "99+"),
        ("turned off", UnreadCounts(cmt: 3), .ok, false, false, false, ""),
        ("paused", UnreadCounts(cmt: 3), .ok, true, false, true, ""),
        ("do-not-disturb keeps it", UnreadCounts(cmt: 3), .ok, false, true, true, "3"),
        ("an expired login", UnreadCounts(cmt: 3), .loginExpired, false, false, true, ""),
        ("not logged in", UnreadCounts(cmt: 3), .notLoggedIn, false, false, true, ""),
        ("offline keeps the last counts", UnreadCounts(cmt: 3), .offline, false, false, true, "3"),
        ("starting", UnreadCounts(cmt: 3), .starting, false, false, true, "3"),
    ]

    @Test(arguments: labels.indices)
    func theLabelIsTheCountWhileItMeansSomething(_ index: Int) {
        let example = Self.labels[index]
        let shown = UnreadPresenter(localizer: Localizer()).tray(
            example.unread, phase: example.phase, lastPoll: nil, offlineSince: nil, zone: TestTime.zone,
            pausedUntil: example.paused ? TestTime.date(2026, 11, 30, 15, 0) : nil, doNotDisturb: example.doNotDisturb, countLabel: example.on)
        #expect(shown.label == example.label, "\(example.name)")
        #expect(shown.label.count <= TrayPresentation.labelGuide.count)
    }

    /// `tray_icon_style`: monochrome on GNOME (alone or as a session's part) when automatic.
    @Test(
        arguments: [
            (TrayIconStyle.auto, "GNOME", true), (.auto, "ubuntu:GNOME", true), (.auto, "gnome", true), (.auto, "KDE", false),
            (.auto, "XFCE", false), (.auto, "", false), (.auto, "GNOME-Flashback:GNOME", true), (.auto, "sway", false),
            (.color, "GNOME", false), (.symbolic, "XFCE", true), (.symbolic, "", true),
        ] as [(TrayIconStyle, String, Bool)])
    func theIconIsMonochromeWhereTheTrayIs(_ style: TrayIconStyle, _ desktop: String, _ symbolic: Bool) {
        #expect(style.isSymbolic(currentDesktop: desktop) == symbolic)
        #expect(TrayLook.unread.iconName(symbolic: symbolic) == (symbolic ? "io.github.WeiboNotifier-unread-symbolic" : "io.github.WeiboNotifier-unread"))
    }

    /// Every look has its icon in the theme, scalable and symbolic, as the others.
    @Test(arguments: [TrayLook.normal, .unread, .offline, .loginExpired, .waitingForKeyring, .rateLimited, .paused, .doNotDisturb])
    func everyLookHasItsIcons(_ look: TrayLook) {
        let icons = FixtureFiles.packageRoot().appendingPathComponent("Resources/icons/hicolor").path
        #expect(FileManager.default.fileExists(atPath: "\(icons)/scalable/apps/\(look.rawValue).svg"))
        #expect(FileManager.default.fileExists(atPath: "\(icons)/symbolic/apps/\(look.rawValue)-symbolic.svg"))
    }
}
