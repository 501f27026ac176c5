import CGLib
import Foundation
import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform
import WeiboSandbox

/// A seeded fault soak: the notifier's account shell (the daemon's, with its core, its HTTP
/// client, its state and account files) against the sandbox's API over loopback HTTP, both on
/// one simulated clock, through simulated days. Each step moves the clock to the next check or
/// the next thing that happens, drawn from the seed: news, a fault from the sandbox's menu, a
/// fault of the machine (network lost, suspended, the notification server restarting, the
/// disk full, a file damaged, the notifier restarted), or a user's act (log in and out, pause,
/// change settings, reply, open the popup, dismiss a bubble, mark read). After every step the
/// invariants are checked; a broken one ends the run with the seed and the steps that led there.
///
/// What it does not draw: a keyring (none runs in the test's process; `KeyringTests` lock and
/// restart a real one), and the GLib timers of the shell (the soak fires the check and quiet
/// timers itself, on its clock; the end-to-end tests run the real ones).
final class FaultSoak {
    /// An invariant that did not hold: which, when, and the steps before.
    struct Broken: Error, CustomStringConvertible {
        var seed: UInt64
        var invariant: String
        var trace: [String]

        var description: String {
            "seed \(seed): \(invariant)\nthe last steps:\n" + trace.suffix(40).joined(separator: "\n")
                + "\nreplay: make soak SOAK_SEEDS=\(seed) SOAK_DAYS=<the day above, plus one>"
        }
    }

    /// The one clock of the notifier and the sandbox.
    final class Clock {
        var now: Timestamp
        init(_ now: Timestamp) { self.now = now }
    }

    /// What a run saw, for its summary line.
    struct Tally {
        var steps = 0
        var checks = 0
        var faults = 0
        var userActs = 0
        var restarts = 0
        /// In the thread's CPU time.
        var longestDispatchMs = 0.0
        /// The step the longest dispatch came in.
        var longestDispatchAfter = ""
        var mostRequestsInAnHour = 0
        var mostDetailCallsInADay = 0
        var peakRSSMiB = 0
    }

    let seed: UInt64
    private var random: SplitMix
    private let clock: Clock
    private let folder: String
    private let api: SandboxAPI
    private let server: SandboxServer
    private let http: HTTPClient
    private let client: WeiboClient
    private let sink = SoakSink()
    private let accounts: AccountStore
    private var shell: AccountShell
    private var settings: NotifierSettings
    private(set) var tally = Tally()
    private var trace: [String] = []

    // What the soak did, for the invariants.
    private var loggedIn = true
    private var networkBackAt: Timestamp?
    private var diskBackAt: Timestamp?
    /// The bytes the soak wrote over the state file (the notifier never writes such).
    private var damages: Set<Data> = []
    /// State files set aside so far: one more means the notifier started afresh (see `check`).
    private var stateSetAside = 0
    /// The notifier started in this step without reading its state (the disk was full).
    private var startedBlind = false
    private var budgetForgiven: Set<Int64> = []
    private var requestsSeen: [String: Int] = [:]
    private var requestsByHour: [Int64: Int] = [:]
    private var detailCallsByDay: [Int64: Int] = [:]
    private var firstDayRSS: Int?

    private var stateFolder: String { folder + "/state" }
    private var stateFile: String { stateFolder + "/state-\(SandboxAPI.ownerUID).json" }
    private static let detailPaths: Set<String> = [
        "/2/comments/to_me.json", "/2/comments/mentions.json", "/2/statuses/mentions.json", "/2/comments/reply.json", "/2/comments/create.json",
        "/2/friendships/followers.json", "/2/statuses/home_timeline.json",
    ]
    /// Weibo's older hourly limit for a user, which every hour must stay under.
    static let hourlyLimit = 150

    /// A run of `seed` with its files in `folder` (which must exist); its clock starts at a
    /// fixed moment, the same for every seed.
    init(seed: UInt64, folder: String) throws {
        self.seed = seed
        self.folder = folder
        random = SplitMix(seed: seed)
        let clock = Clock(Timestamp(secondsSince1970: 1_796_000_000))
        self.clock = clock
        var options = SandboxAPI.Options()
        options.seed = seed
        options.initialStatuses = 20
        api = SandboxAPI(options: options, clock: { clock.now })
        server = try SandboxServer(api: api)
        http = HTTPClient(totalTimeout: 3, pollInterval: 60)
        client = WeiboClient(endpoints: WeiboEndpoints(singleBase: server.baseURL), http: http)
        accounts = AccountStore(path: folder + "/config/accounts.json", apiBase: server.baseURL)
        settings = NotifierSettings(interval: 60)
        settings.bubbles = .perKind
        try accounts.save(Account(accessToken: api.readyToken, uid: SandboxAPI.ownerUID, issuedAt: clock.now, expiresIn: SandboxAPI.tokenLifetime))
        shell = Self.makeShell(settings, client, accounts, stateFolder: folder + "/state", sink: sink, clock: clock)
    }

    private static func makeShell(
        _ settings: NotifierSettings, _ client: WeiboClient, _ accounts: AccountStore, stateFolder: String, sink: SoakSink, clock: Clock
    ) -> AccountShell {
        AccountShell(
            settings: settings, localizer: Localizer(), client: client, accounts: accounts, stateStore: StateStore(path: stateFolder + "/state.json"),
            sink: sink, unsentReplies: UnsentReplies(path: stateFolder + "/unsent-replies.json"), clock: { clock.now })
    }

    /// Runs `days` simulated days; throws the first invariant broken.
    func run(days: Int) throws(Broken) {
        sink.note = { [weak self] in self?.log("  \($0)") }
        shell.start()
        try settle()
        let end = clock.now.adding(Double(days) * 86_400)
        var nextHappening = clock.now.adding(randomSeconds(mean: 900))
        while clock.now < end {
            let nextCheck = shell.notifier.nextPollAt ?? end
            let wasQuiet = shell.notifier.isQuiet(at: clock.now)
            let at = min(nextCheck, nextHappening, end, networkBackAt ?? end, diskBackAt ?? end)
            let dayBefore = day(clock.now)
            if at > clock.now { clock.now = at }
            tally.steps += 1
            if let back = networkBackAt, clock.now >= back { networkComesBack() }
            if let back = diskBackAt, clock.now >= back { diskComesBack() }
            if wasQuiet, !shell.notifier.isQuiet(at: clock.now) { shell.send(.quietTimerFired(at: clock.now)) }
            if clock.now >= nextCheck, shell.notifier.nextPollAt == nextCheck {
                tally.checks += 1
                shell.send(.pollTimerFired(at: clock.now))
            }
            // What the timers started is over before anything else happens (a notifier killed
            // between showing a bubble and hearing its id forgets it, as any process would).
            try settle()
            if clock.now >= nextHappening {
                happen()
                nextHappening = clock.now.adding(randomSeconds(mean: 900))
            }
            try settle()
            try check(newDay: day(clock.now) != dayBefore)
        }
        try check(newDay: true)
    }

    // MARK: - What happens

    private func happen() {
        switch random.int(100) {
        case 0..<30: news()
        case 30..<52: sandboxFault()
        case 52..<64: machineFault()
        default: userActs()
        }
    }

    private func news() {
        let what = random.int(5)
        let count = String(1 + random.int(3))
        switch what {
        case 0: control("/_sandbox/comments", ["count": count])
        case 1: control("/_sandbox/mentions", ["count": count, "kind": random.chance(0.5) ? "status" : "comment"])
        case 2: control("/_sandbox/statuses", ["count": count])
        case 3: control("/_sandbox/counts", ["dm": count])
        default: control("/_sandbox/followers", ["count": count])
        }
        log("news \(["comments", "mentions", "statuses", "dm", "followers"][what]) ×\(count)")
    }

    /// One of the sandbox's faults for the next few answers.
    private func sandboxFault() {
        tally.faults += 1
        let kinds = ["http500", "html502", "huge_error_page", "malformed", "truncated", "drop", "oversized", "expired_token", "rate_limit", "permission"]
        let kind = kinds[random.int(kinds.count)]
        let count = String(1 + random.int(3))
        control("/_sandbox/faults", ["kind": kind, "count": count])
        log("sandbox fault \(kind) ×\(count)")
    }

    /// A fault of the machine around the notifier.
    private func machineFault() {
        tally.faults += 1
        switch random.int(6) {
        case 0 where networkBackAt == nil:
            let minutes = 5 + random.int(120)
            shell.networkChanged(false)
            networkBackAt = clock.now.adding(Double(minutes) * 60)
            log("network lost for \(minutes) min")
        case 1:
            // Suspended: the clock jumps, nothing ran meanwhile; the network comes back on resume.
            let hours = 1 + random.int(10)
            shell.networkChanged(false)
            clock.now = clock.now.adding(Double(hours) * 3600)
            shell.networkChanged(true)
            log("suspended for \(hours) h, resumed")
        case 2:
            sink.restart()
            log("the notification server restarted")
        case 3 where diskBackAt == nil:
            // Full: the state folder cannot be written (a file where it should be).
            rename(stateFolder, stateFolder + ".aside")
            _ = FileManager.default.createFile(atPath: stateFolder, contents: Data("x".utf8))
            diskBackAt = clock.now.adding(Double(10 + random.int(240)) * 60)
            log("disk full (the state folder cannot be written)")
        case 4:
            damageAFile()
        default:
            restart()
        }
    }

    private func damageAFile() {
        if random.chance(0.5), diskBackAt == nil, FileManager.default.fileExists(atPath: stateFile) {
            let damage = Data("{\"last_poll\": \(random.int(100))".utf8)
            try? damage.write(to: URL(fileURLWithPath: stateFile))
            damages.insert(damage)
            log("the state file damaged")
        } else if loggedIn, (try? accounts.loadAll()) != nil {
            let text = (try? String(contentsOfFile: accounts.path, encoding: .utf8)) ?? ""
            // Cut short by its last characters (`]}` and the line's end): the logins still in it.
            try? PrivateFile.write(Array(text.utf8.prefix(max(0, text.utf8.count - 3))), to: accounts.path, mode: 0o600)
            shell.accountChanged()
            log("the accounts file damaged")
        }
    }

    /// The notifier ends (killed, or quit: its bubbles closed) and starts again on the same files.
    private func restart() {
        tally.restarts += 1
        let killed = random.chance(0.5)
        if !killed {
            shell.saveState()
            sink.closeAll {}
        }
        shell.retire()
        if diskBackAt != nil { startedBlind = true }
        shell = Self.makeShell(settings, client, accounts, stateFolder: stateFolder, sink: sink, clock: clock)
        shell.start()
        log(killed ? "the notifier killed and started again" : "the notifier quit and started again")
    }

    private func userActs() {
        tally.userActs += 1
        switch random.int(12) {
        case 0:
            shell.markRead()
            log("mark all read")
        case 1:
            shell.checkNow()
            log("check now")
        case 2:
            let minutes = 10 + random.int(180)
            shell.pause(seconds: minutes * 60)
            log("pause \(minutes) min")
        case 3:
            shell.send(.resumeRequested(at: clock.now))
            log("resume")
        case 4:
            var changed = settings
            changed.interval = [60, 60, 120, 300][random.int(4)]
            changed.bubbles = random.chance(0.7) ? .perKind : .single
            changed.quietHours = random.chance(0.3) ? QuietHours(start: random.int(24) * 60, end: random.int(24) * 60) : nil
            settings = changed
            shell.reload(settings: changed)
            log("settings: every \(changed.interval) s, \(changed.bubbles), quiet \(changed.quietHours.map { "\($0)" } ?? "none")")
        case 5:
            let long = random.chance(0.2)
            let text = long ? String(repeating: "长", count: 141 + random.int(60)) : "谢谢 \(random.int(1000))"
            guard sink.openKinds.contains(.comments) || sink.openKinds.contains(.mentions) else { return log("no bubble to reply to") }
            sink.replied?(sink.openKinds.contains(.comments) ? .comments : .mentions, text)
            log("reply in a bubble (\(text.count) characters)")
        case 6:
            let kinds: [PopupSectionKind] = [.posts, .comments, .mentions]
            let kind = kinds[random.int(3)]
            shell.items(kind, count: 20) { _ in }
            log("the popup opens at \(kind)")
        case 7:
            let kind = sink.openKinds.first
            if let kind, sink.dismiss(kind) { log("dismiss the \(kind) bubble") }
        case 8 where loggedIn:
            var outcome: AccountStore.Failure??
            accounts.delete { outcome = .some($0) }
            MainContext.run(timeout: 5) { outcome != nil }
            // A logout of an unreadable file changes nothing: still logged in.
            if case .some(nil) = outcome { loggedIn = false }
            shell.accountChanged()
            log("log out (\(loggedIn ? "refused: the file cannot be read" : "done"))")
        default:
            logIn()
        }
    }

    private func logIn() {
        do {
            let setAside = try accounts.save(
                Account(accessToken: api.readyToken, uid: SandboxAPI.ownerUID, issuedAt: clock.now, expiresIn: SandboxAPI.tokenLifetime))
            loggedIn = true
            shell.accountChanged()
            log("log in\(setAside.isEmpty ? "" : " (the unreadable file set aside)")")
        } catch {
            log("log in refused: \(error)")
        }
    }

    private func networkComesBack() {
        networkBackAt = nil
        shell.networkChanged(true)
        log("the network is back")
    }

    private func diskComesBack() {
        diskBackAt = nil
        unlink(stateFolder)
        rename(stateFolder + ".aside", stateFolder)
        log("the disk has room again")
    }

    // MARK: - The loop and the invariants

    /// Turns the loop until nothing is under way: every request answered, every callback run.
    /// Each dispatch is timed in the thread's CPU time (a busy machine's other processes do not
    /// count): none may hold the loop over 100 ms. (The daemon never waits inside a dispatch:
    /// its keyring, HTTP and D-Bus calls all answer later.)
    private func settle() throws(Broken) {
        let context = g_main_context_ref_thread_default()
        defer { g_main_context_unref(context) }
        let started = g_get_monotonic_time()
        var idle = 0
        while idle < 2 {
            guard g_get_monotonic_time() - started < 30_000_000 else { throw broken("the loop did not settle within 30 s") }
            let before = Self.threadCPUMilliseconds()
            let dispatched = g_main_context_iteration(context, http.requestsUnderWay > 0 ? 1 : 0) != 0
            let milliseconds = Self.threadCPUMilliseconds() - before
            if dispatched {
                if milliseconds > tally.longestDispatchMs {
                    tally.longestDispatchMs = milliseconds
                    tally.longestDispatchAfter = trace.last ?? ""
                }
                if milliseconds > 100 { throw broken(String(format: "the loop was held %.0f ms by one dispatch", milliseconds)) }
            }
            idle = dispatched || http.requestsUnderWay > 0 ? 0 : idle + 1
        }
    }

    private func check(newDay: Bool) throws(Broken) {
        // No account lost: the login is in the file, or in a file set aside.
        if loggedIn {
            let files = [accounts.path] + accounts.setAsideFiles()
            let uid = "\"uid\":\(SandboxAPI.ownerUID)"
            guard files.contains(where: { ((try? String(contentsOfFile: $0, encoding: .utf8)) ?? "").contains(uid) }) else {
                let texts = files.map { "\($0): \((try? String(contentsOfFile: $0, encoding: .utf8)) ?? "(none)")" }
                throw broken("the login is in no file: \(texts)")
            }
        }
        // A notifier that started afresh (its state damaged and set aside, or unreadable: the
        // disk full) no longer knows the bubbles on screen nor the calls spent today: showing
        // its news anew, and spending the day's budget again, is then its right.
        let setAside = PrivateFile.setAsideFiles(of: stateFile).count
        if setAside > stateSetAside || startedBlind {
            stateSetAside = setAside
            startedBlind = false
            sink.forgetAllButNewest()
            budgetForgiven.insert(DetailCalls.day(of: clock.now))
            log("the notifier started afresh: its bubbles on screen and today's calls are forgotten")
        }
        // No bubble shown twice: never two of one kind at once.
        if let twice = sink.twoOfAKind.first { throw broken("a bubble shown twice: \(twice)") }
        // The budgets: Weibo's hourly limit, the day's detail calls.
        for (path, count) in server.requestsByPath where !path.hasPrefix("/_sandbox/") {
            let new = count - requestsSeen[path, default: 0]
            guard new > 0 else { continue }
            requestsSeen[path] = count
            requestsByHour[clock.now.wholeSecondsSince1970 / 3600, default: 0] += new
            if Self.detailPaths.contains(path) { detailCallsByDay[DetailCalls.day(of: clock.now), default: 0] += new }
        }
        let hour = requestsByHour[clock.now.wholeSecondsSince1970 / 3600, default: 0]
        tally.mostRequestsInAnHour = max(tally.mostRequestsInAnHour, hour)
        if hour > Self.hourlyLimit { throw broken("\(hour) requests in one hour, over \(Self.hourlyLimit)") }
        let today = DetailCalls.day(of: clock.now)
        let spent = detailCallsByDay[today, default: 0]
        tally.mostDetailCallsInADay = max(tally.mostDetailCallsInADay, spent)
        if spent > settings.detailCallsPerDay, !budgetForgiven.contains(today) {
            throw broken("\(spent) detail calls in one day, over the budget of \(settings.detailCallsPerDay)")
        }
        // The state on disk reads back (unless the soak damaged it, or the disk is full).
        if diskBackAt == nil, let bytes = FileManager.default.contents(atPath: stateFile), !damages.contains(bytes) {
            do {
                _ = try PrivateFile.readDocument(UnreadState.self, at: stateFile)
            } catch {
                throw broken("the state file does not read back: \(error)")
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: stateFile)[.size] as? Int) ?? 0
            if size > 64 << 10 { throw broken("the state file holds \(size) bytes") }
        }
        // Memory: bounded, day after day (the test process's, other suites' included).
        if newDay {
            let rss = Self.residentMiB()
            tally.peakRSSMiB = max(tally.peakRSSMiB, rss)
            if let first = firstDayRSS {
                if rss > first + Self.residentGrowthMiB { throw broken("resident memory grew from \(first) MiB to \(rss) MiB") }
            } else {
                firstDayRSS = rss
            }
        }
    }

    // MARK: - Helpers

    private func control(_ path: String, _ parameters: [String: String]) {
        _ = api.handle(SandboxRequest(method: "POST", path: path, parameters: parameters))
    }

    private func log(_ what: String) {
        let time = CivilTime(clock.now, in: FixedOffsetZone.chinaStandard)
        trace.append("day \(day(clock.now) + 1) \(time.clockWithSecondsText) [\(shell.notifier.phase.rawValue)] \(what)")
        if trace.count > 400 { trace.removeFirst(200) }
    }

    private func broken(_ invariant: String) -> Broken {
        let time = CivilTime(clock.now, in: FixedOffsetZone.chinaStandard)
        return Broken(seed: seed, invariant: "day \(day(clock.now) + 1) \(time.clockWithSecondsText): \(invariant)", trace: trace)
    }

    /// The day of the run (Beijing's, as Weibo's budget counts), from 0.
    private func day(_ time: Timestamp) -> Int64 { DetailCalls.day(of: time) - DetailCalls.day(of: Timestamp(secondsSince1970: 1_796_000_000)) }

    /// Seconds until the next happening: exponential around `mean`, at least one.
    private func randomSeconds(mean: Double) -> Double {
        max(1, -mean * Glibc.log(1 - Double(random.int(1_000_000)) / 1_000_001))
    }

    private static func threadCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }

    /// How much the resident size may grow after the first day: 64 MiB, and 256 more under
    /// the address sanitizer (make test-asan sets ASAN_OPTIONS), whose quarantine keeps up to
    /// 256 MiB of freed memory by default (it failed there once at 65 MiB).
    static let residentGrowthMiB = ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil ? 64 : 64 + 256

    private static func residentMiB() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return (pages * Int(sysconf(Int32(_SC_PAGESIZE)))) >> 20
    }
}

/// SplitMix64: a small generator whose sequence a seed fixes, on every machine.
struct SplitMix {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0 ..< bound.
    mutating func int(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func chance(_ probability: Double) -> Bool { Double(next() % 1_000_000) < probability * 1_000_000 }
}
