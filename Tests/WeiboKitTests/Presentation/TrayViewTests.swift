import FoundationEssentials
import Testing
import WeiboKit
import WeiboTestSupport

/// What the tray shows, decided whole from a snapshot of the accounts: a table of groups,
/// settings and desktops, each with the icon, the item's status, the label, the accounts the
/// menu lists, what it offers and the pause checked.
@Suite struct TrayViewTests {
    static let now = Timestamp(secondsSince1970: 1_796_000_000)

    static func member(_ uid: Int64?, _ name: String, status: Int = 0, phase: NotifierPhase = .ok, pausedUntil: Timestamp? = nil) -> AccountGroup.Member {
        var member = AccountGroup.Member(uid: uid, name: name, unread: UnreadCounts(status: status), status: NotifierStatus(phase: phase))
        member.lastPoll = now.adding(-20)
        member.pausedUntil = pausedUntil
        member.status.paused = (pausedUntil ?? now) > now
        return member
    }

    struct Example: Sendable {
        var name: String
        var members: [AccountGroup.Member]
        var desktop = ""
        var change: @Sendable (inout NotifierSettings) -> Void = { _ in }
        var choice: (command: TrayCommand, until: Timestamp)? = nil
        // What the tray shows.
        var icon: String
        var status: String
        var label: String
        var accounts: [Int64]
        var canLogIn = false
        var canResume = false
        var checked: TrayCommand? = nil
    }

    static let examples: [Example] = [
        Example(name: "nothing unread", members: [member(1, "一")], icon: "io.github.WeiboNotifier", status: "Active", label: "", accounts: [1]),
        Example(
            name: "nothing unread on KDE: folded away", members: [member(1, "一")], desktop: "KDE", icon: "io.github.WeiboNotifier", status: "Passive",
            label: "", accounts: [1]),
        Example(
            name: "nothing unread, hidden at zero by the user", members: [member(1, "一")], change: { $0.trayHideAtZero = true },
            icon: "io.github.WeiboNotifier",
            status: "Passive", label: "", accounts: [1]),
        Example(
            name: "news", members: [member(1, "一", status: 3)], icon: "io.github.WeiboNotifier-unread", status: "NeedsAttention", label: "3", accounts: [1]),
        Example(
            name: "news on GNOME: the monochrome icon", members: [member(1, "一", status: 3)], desktop: "ubuntu:GNOME",
            icon: "io.github.WeiboNotifier-unread-symbolic",
            status: "NeedsAttention", label: "3", accounts: [1]),
        Example(
            name: "news, no count asked for", members: [member(1, "一", status: 3)], change: { $0.trayCount = false }, icon: "io.github.WeiboNotifier-unread",
            status: "NeedsAttention", label: "", accounts: [1]),
        Example(
            name: "two accounts add up", members: [member(1, "一", status: 3), member(2, "二", status: 120)], icon: "io.github.WeiboNotifier-unread",
            status: "NeedsAttention", label: "99+", accounts: [1, 2]),
        Example(
            name: "no login", members: [member(nil, "", phase: .notLoggedIn)], icon: "io.github.WeiboNotifier-login-expired", status: "Active", label: "",
            accounts: [], canLogIn: true),
        Example(
            name: "the second login expired", members: [member(1, "一", status: 3), member(2, "二", phase: .loginExpired)],
            icon: "io.github.WeiboNotifier-login-expired", status: "NeedsAttention", label: "", accounts: [1, 2], canLogIn: true),
        Example(
            name: "paused from the menu", members: [member(1, "一", status: 3, pausedUntil: now.adding(600))], choice: (.pauseHour, now.adding(600)),
            icon: "io.github.WeiboNotifier-paused", status: "Active", label: "", accounts: [1], canResume: true, checked: .pauseHour),
        Example(
            name: "paused by D-Bus after a pause from the menu", members: [member(1, "一", pausedUntil: now.adding(900))], choice: (.pauseHour, now.adding(600)),
            icon: "io.github.WeiboNotifier-paused", status: "Active", label: "", accounts: [1], canResume: true),
    ]

    @Test(arguments: examples.indices)
    func theTrayShowsTheSnapshot(_ index: Int) {
        let example = Self.examples[index]
        var settings = NotifierSettings(interval: 60)
        example.change(&settings)
        let view = TrayView(
            AccountGroup(members: example.members), settings: settings, presenter: UnreadPresenter(localizer: Localizer()), zone: TestTime.zone,
            currentDesktop: example.desktop, pauseChoice: example.choice, at: Self.now)
        #expect(view.iconName == example.icon, "\(example.name)")
        #expect(view.presentation.status == example.status, "\(example.name)")
        #expect(view.presentation.label == example.label, "\(example.name)")
        #expect(view.accounts.map(\.uid) == example.accounts, "\(example.name)")
        #expect(view.menu.canLogIn == example.canLogIn && view.menu.canResume == example.canResume, "\(example.name)")
        #expect(view.checkedPause == example.checked, "\(example.name)")
    }

    /// With several accounts the tooltip has a line each, then the time of the last check.
    @Test func severalAccountsHaveALineEachInTheTooltip() {
        let group = AccountGroup(members: [Self.member(1, "一", status: 3), Self.member(2, "二", phase: .loginExpired)])
        let view = TrayView(
            group, settings: NotifierSettings(interval: 60), presenter: UnreadPresenter(localizer: Localizer()), zone: TestTime.zone, currentDesktop: "",
            pauseChoice: nil, at: Self.now)
        let lines = view.presentation.toolTip.split(separator: "\n")
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.hasPrefix("一: 3 new posts") == true && lines.dropFirst().first?.hasPrefix("二: ") == true, "\(lines)")
    }

    /// A snapshot keeps the tray of the one before when nothing the tray shows changed, and
    /// makes it again when something did; the badge follows the counts either way.
    @Test func aSnapshotKeepsTheTrayOnlyWhileNothingItShowsChanged() {
        let presenter = UnreadPresenter(localizer: Localizer())
        let settings = NotifierSettings(interval: 60)
        func snapshot(_ member: AccountGroup.Member, after previous: AccountsSnapshot?) -> AccountsSnapshot {
            AccountsSnapshot(
                AccountGroup(members: [member]), settings: settings, presenter: presenter, zone: TestTime.zone, currentDesktop: "", pauseChoice: nil,
                at: Self.now, after: previous)
        }
        let first = snapshot(Self.member(1, "一", status: 3), after: nil)
        var polled = Self.member(1, "一", status: 3)
        polled.completedPolls += 1
        let same = snapshot(polled, after: first)
        #expect(same.tray == first.tray && same.group != first.group)
        let more = snapshot(Self.member(1, "一", status: 4), after: same)
        #expect(more.tray.presentation.label == "4" && more.badge.count == 4 && more.badge.isVisible && !more.badge.isUrgent)
    }
}
