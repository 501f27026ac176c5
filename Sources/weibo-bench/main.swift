// Prints the figures `make bench` reports: decode and layout+render cost of a timeline page,
// for 100 statuses (one big API page) and for 10,000 (to show the cost is linear).
import FoundationEssentials
import Glibc
import WeiboDesktop
import WeiboKit

/// The Chinese catalog that `make bench` compiled into `.build/locale`, as the program uses it;
/// English when this machine lacks the zh_CN.UTF-8 locale.
let localizer: Localizer = {
    let source = #filePath
    let root = source.firstRange(of: "/Sources/").map { String(source[..<$0.lowerBound]) } ?? "."
    Gettext.bind(localeDirectory: root + "/.build/locale")
    guard let chinese = GettextCatalog(localeNamed: "zh_CN.UTF-8") else {
        print("(no zh_CN.UTF-8 locale here: laid out in English)")
        return Localizer()
    }
    return Localizer(chinese)
}()

/// The median wall time of `runs` calls of `body`.
func median(runs: Int, _ body: () throws -> Void) rethrows -> Duration {
    var times: [Duration] = []
    let clock = ContinuousClock()
    for _ in 0..<runs {
        times.append(try clock.measure(body))
    }
    return times.sorted()[runs / 2]
}

/// Resets the peak resident set size to the current one (Linux: "5" to clear_refs), so that
/// each case reports its own peak.
func resetPeakResident() {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return }
    fputs("5", file)
    fclose(file)
}

/// Peak resident set size of this process (VmHWM), in MiB.
func peakResidentMiB() -> Double {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmHWM:") {
            let kilobytes = text.split(separator: " ").compactMap { Double($0) }.first ?? 0
            return kilobytes / 1024
        }
    }
    return 0
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

func format(_ value: Double, decimals: Int = 2) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    return String(rounded)
}

struct Figures {
    var statuses: Int
    var bytes: Int
    var decode: Duration
    var layoutAndRender: Duration
    var peakMiB: Double

    var total: Duration { decode + layoutAndRender }
    var statusesPerSecond: Double { Double(statuses) / (milliseconds(total) / 1000) }
    var microsecondsPerStatus: Double { milliseconds(total) * 1000 / Double(statuses) }
}

func measure(statuses count: Int, runs: Int) throws -> Figures {
    resetPeakResident()
    let now = Date(timeIntervalSince1970: 1_795_838_400)
    var generator = StatusGenerator(seed: 100, now: now)
    let data = try WeiboJSON.encode(generator.page(count: count))
    let layout = StatusFrameLayout(localizer: localizer, timeZone: FixedOffsetZone.chinaStandard, now: now)
    let renderer = FrameRenderer(usesColor: false)

    var page = try WeiboJSON.decode(TimelinePage.self, from: data)
    let decode = try median(runs: runs) { page = try WeiboJSON.decode(TimelinePage.self, from: data) }
    var lineCount = 0
    let render = median(runs: runs) {
        let frames = page.statuses.map { layout.frame(for: $0, width: 80) }
        lineCount = renderer.lines(of: frames).count
    }
    precondition(lineCount > count, "every status renders")
    return Figures(
        statuses: count, bytes: data.count, decode: decode, layoutAndRender: render, peakMiB: peakResidentMiB())
}

/// Decoding and laying out a page of `count` comments, as a comments summary does.
func measureComments(count: Int, runs: Int) throws -> Figures {
    let now = Date(timeIntervalSince1970: 1_795_838_400)
    var generator = StatusGenerator(seed: 7, now: now)
    let posts = generator.statuses(count: 10)
    let data = try WeiboJSON.encode(
        CommentsPage(comments: (0..<count).map { generator.comment(on: posts[$0 % posts.count], postedAt: now.addingTimeInterval(-Double($0) * 90)) }))
    let layout = CommentFrameLayout(localizer: localizer, timeZone: FixedOffsetZone.chinaStandard, now: now)
    let renderer = FrameRenderer(usesColor: false)
    var page = try WeiboJSON.decode(CommentsPage.self, from: data)
    let decode = try median(runs: runs) { page = try WeiboJSON.decode(CommentsPage.self, from: data) }
    var lineCount = 0
    let render = median(runs: runs) {
        let frames = page.comments.map { layout.frame(for: DetailItem($0, source: .commentsToMe), width: 40, maxLines: 6) }
        lineCount = renderer.lines(of: frames).count
    }
    precondition(lineCount > count, "every comment renders")
    return Figures(statuses: count, bytes: data.count, decode: decode, layoutAndRender: render, peakMiB: peakResidentMiB())
}

/// A day of the notifier's core: a check a minute, comments arriving in `bursts` at random
/// minutes (1 to 4 at a time), the texts fetched and shown, the user looking now and then.
/// Counts the calls the core asks for beyond `unread_count`.
func simulateDay(polls: Int, bursts: Int) -> (calls: Int, bursts: Int) {
    var random = SeededRandom(seed: 1440)
    var burstMinutes: Set<Int> = []
    while burstMinutes.count < bursts { burstMinutes.insert(Int.random(in: 0..<polls, using: &random)) }
    let start = Date(timeIntervalSince1970: 1_795_795_200)  // midnight in Beijing
    var notifier = Notifier(settings: NotifierSettings(interval: 60), localizer: Localizer(), zone: FixedOffsetZone.chinaStandard)
    var counts = UnreadCounts()
    var calls = 0
    var nextID: Int64 = 4_530_000_000_000_000
    func run(_ event: NotifierEvent) {
        var queue = [event]
        while !queue.isEmpty {
            for effect in notifier.handle(queue.removeFirst()) {
                switch effect {
                case .fetchDetails(let source, _, let count):
                    calls += 1
                    let items = (0..<count).map { _ in
                        nextID += 1
                        return DetailItem(
                            source: source, id: nextID, authorName: "甲", authorID: 1, text: "评论", createdAt: start, statusID: 1, statusAuthorID: 2)
                    }
                    queue.append(.detailsFetched(source, items, at: start))
                case .showUnread(_, let kind, _): queue.append(.bubbleShown(kind, id: 1))
                default: break
                }
            }
        }
    }
    run(.started(UnreadState(), login: .valid(expiresAt: start.addingTimeInterval(365 * 86_400)), at: start))
    for minute in 0..<polls {
        let now = start.addingTimeInterval(Double(minute * 60))
        if burstMinutes.contains(minute) { counts.cmt += Int.random(in: 1...4, using: &random) }
        run(.pollTimerFired(at: now))
        run(.pollSucceeded(counts, at: now))
        // The user looks at the comments now and then (every third hour).
        if minute % 180 == 179 { run(.markReadRequested(nil)) }
    }
    return (calls, bursts)
}

do {
    print("weibo-notifier benchmark: generated home timeline, width 80, Chinese, full style (median of runs)")
    print("")
    print("statuses   JSON KiB   decode ms   layout+render ms   total ms   statuses/s   µs/status   peak RSS MiB")
    var perStatus: [Double] = []
    for (count, runs) in [(100, 51), (10_000, 5)] {
        let figures = try measure(statuses: count, runs: runs)
        perStatus.append(figures.microsecondsPerStatus)
        print(
            [
                String(count).padding(8), format(Double(figures.bytes) / 1024, decimals: 1).padding(10),
                format(milliseconds(figures.decode), decimals: 3).padding(11),
                format(milliseconds(figures.layoutAndRender), decimals: 3).padding(18),
                format(milliseconds(figures.total), decimals: 3).padding(10),
                String(Int(figures.statusesPerSecond)).padding(12),
                format(figures.microsecondsPerStatus, decimals: 1).padding(11), format(figures.peakMiB, decimals: 1),
            ].joined(separator: " "))
    }
    print("")
    print("linearity: cost per status at 10,000 / at 100 = \(format(perStatus[1] / perStatus[0]))")
    print("target: a 100-status page decoded, laid out and rendered in under 5 ms")
    print("")
    let comments = try measureComments(count: 50, runs: 51)
    print(
        "comments: a 50-comment page, decode \(format(milliseconds(comments.decode), decimals: 3)) ms + layout+render (40 cells) "
            + "\(format(milliseconds(comments.layoutAndRender), decimals: 3)) ms = \(format(milliseconds(comments.total), decimals: 3)) ms "
            + "(target: under 2 ms)")
    let day = simulateDay(polls: 1440, bursts: 30)
    print("a simulated day: 1440 polls, \(day.bursts) comment bursts, \(day.calls) detail calls to Weibo (target: 60 or fewer)")
} catch {
    let message = Array("weibo-bench: \(error)\n".utf8)
    _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    exit(1)
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
