public import CGLib

/// One start at a time of a unique GTK application (the popup, the settings window): a start is
/// under way from its spawn until its process ends (a second start hands its request to the
/// first and ends) or the application's bus name gets an owner (it is up). A request that
/// comes meanwhile waits, and only the last of those is started then: 300 calls in a row start
/// two processes, not 300. A start that does neither in 10 s (hung) holds no one back.
public final class StartQueue {
    public let busName: String
    private var starting: GPid?
    private var waiting: (() -> Void)?
    private var nameWatch: BusNameWatch?
    private var startBound: GLibSource?
    /// The processes started and not yet ended, by pid.
    private var watches: [GPid: GLibSource] = [:]

    public init(busName: String) {
        self.busName = busName
    }

    /// Runs `start` now (`start(true)`), or once the start under way is done (`start(false)`,
    /// replacing any request that waited).
    public func submit(_ start: @escaping (_ now: Bool) -> Void) {
        guard starting == nil else {
            waiting = { start(false) }
            return
        }
        start(true)
    }

    /// `pid` was started (not reaped by GLib: its exit is watched here); `ended` gets its wait status.
    public func started(_ pid: GPid, ended: @escaping (Int32) -> Void) {
        watchName()
        starting = pid
        startBound = GLibSource.once(afterSeconds: 10) { [weak self] in self?.done(pid) }
        watches[pid] = GLibSource.childExit(pid) { [weak self] status in
            self?.watches[pid] = nil
            ended(status)
            self?.done(pid)
        }
    }

    /// The start under way ended or came up: the request that waited, if any, goes now.
    private func done(_ pid: GPid) {
        guard starting == pid else { return }
        starting = nil
        startBound = nil
        let next = waiting
        waiting = nil
        next?()
    }

    private func watchName() {
        guard nameWatch == nil, let bus = try? SessionBus.connect() else { return }
        defer { SessionBus.release(bus) }
        nameWatch = BusNameWatch(
            connection: bus, name: busName,
            appeared: { [weak self] in
                guard let self, let pid = self.starting else { return }
                self.done(pid)
            }, vanished: {})
    }
}
