/// The desktop's do-not-disturb as the notifier follows it: whether it is on, whether the
/// notification server keeps bubbles in its list meanwhile (GNOME's "show banners" off), and
/// which bubbles it holds back (`DoNotDisturbTests` tables it through the notifier).
public struct DoNotDisturb: Equatable, Sendable {
    public private(set) var isOn = false
    /// The server keeps every bubble in its list while it is on: bubbles then go as usual, each
    /// with its who and what there, not a sum later.
    public private(set) var keepsList = false

    public init() {}

    /// The desktop said; whether it turned on or off (not only the list's rule changed).
    public mutating func changed(isOn: Bool, keepsList: Bool) -> Bool {
        self.keepsList = isOn && keepsList
        guard isOn != self.isOn else { return false }
        self.isOn = isOn
        return true
    }

    /// Whether it holds back the bubble of `kind` telling `amounts`, when it is followed
    /// (`follow_dnd`) and `allowed` kinds come through (`dnd_allow`); the one bubble for all
    /// comes through when it tells of something of a kind let through.
    public func holdsBack(_ kind: BubbleKind, _ amounts: UnreadCounts, followed: Bool, allowed: Set<BubbleKind>) -> Bool {
        guard isOn, followed, !keepsList else { return false }
        if kind == .all { return !allowed.contains { $0.counters.contains { amounts[$0] > 0 } } }
        return !allowed.contains(kind)
    }
}
