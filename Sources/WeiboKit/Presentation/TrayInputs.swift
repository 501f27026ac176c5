/// What the tray's icon, status, tooltip and menu are made from, to the minute they show: two
/// equal ones give the same tray, so a check that changed nothing (the same counts and state,
/// its time in the same minute) makes none of it again.
public struct TrayInputs: Equatable, Sendable {
    /// One account as the tray shows it.
    struct Member: Equatable, Sendable {
        var uid: Int64?
        var name: String
        var unread: UnreadCounts
        var status: NotifierStatus
        /// The minute of the last check (the tooltip says its time), not its second.
        var lastPollMinute: Int64?
        var offlineSince: Timestamp?
        /// A pause the user asked for, while it lasts.
        var pausedUntil: Timestamp?
        var quietUntil: Timestamp?
    }

    let members: [Member]
    /// Every setting: which kinds count, the icon's style, hidden at zero, …
    let settings: NotifierSettings

    public init(group: AccountGroup, settings: NotifierSettings, at now: Timestamp) {
        members = group.members.map { member in
            Member(
                uid: member.uid, name: member.name, unread: member.unread, status: member.status,
                lastPollMinute: member.lastPoll.map { Int64(($0.secondsSince1970 / 60).rounded(.down)) },
                offlineSince: member.offlineSince, pausedUntil: member.pausedUntil.flatMap { $0 > now ? $0 : nil },
                quietUntil: member.quietUntil)
        }
        self.settings = settings
    }
}
