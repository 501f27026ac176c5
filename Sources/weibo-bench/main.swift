// Prints the figures `make bench` reports: the cost of a timeline page of 100 statuses (one big
// API page) and of 10,000 (to show the cost is linear), read one status at a time as `timeline`
// does and decoded whole as the popup does; the comments summary; a simulated day of checks.
import Glibc
import WeiboDesktop
import WeiboKit
import WeiboPlatform

/// The Chinese catalog that `make bench` compiled into `.build/locale`, as the program uses it;
/// English when this machine lacks the zh_CN.UTF-8 locale.
let localizer: Localizer = {
    let source = #filePath
    let root = source.range(ofText: "/Sources/").map { String(source[..<$0.lowerBound]) } ?? "."
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
    /// The whole page decoded, then laid out and rendered, as the popup does.
    var decode: Duration
    var layoutAndRender: Duration
    /// Each status read, laid out and rendered as soon as its JSON is read, as `timeline` does.
    var streamed: Duration = .zero

    var total: Duration { decode + layoutAndRender }
    var statusesPerSecond: Double { Double(statuses) / (milliseconds(streamed) / 1000) }
    var microsecondsPerStatus: Double { milliseconds(streamed) * 1000 / Double(statuses) }
    var pageMicrosecondsPerStatus: Double { milliseconds(total) * 1000 / Double(statuses) }
}

func measure(statuses count: Int, runs: Int) throws -> Figures {
    let now = Timestamp(secondsSince1970: 1_795_838_400)
    var generator = StatusGenerator(seed: 100, now: now)
    let data = try WeiboJSON.encode(generator.page(count: count))
    let layout = StatusFrameLayout(localizer: localizer, timeZone: FixedOffsetZone.chinaStandard, now: now)
    let renderer = FrameRenderer(usesColor: false)

    var lineCount = 0
    let streamed = try median(runs: runs) {
        lineCount = 0
        var shown = 0
        _ = try TimelinePage.read(from: data) { status in
            let frame = layout.frame(for: status, width: 80)
            lineCount += renderer.lines(of: frame).count + (shown > 0 ? 1 : 0)
            shown += 1
        }
    }
    precondition(lineCount > count, "every status renders")

    var page = try WeiboJSON.decode(TimelinePage.self, from: data)
    let decode = try median(runs: runs) { page = try WeiboJSON.decode(TimelinePage.self, from: data) }
    let render = median(runs: runs) {
        let frames = page.statuses.map { layout.frame(for: $0, width: 80) }
        lineCount = renderer.lines(of: frames).count
    }
    precondition(lineCount > count, "every status renders")
    return Figures(
        statuses: count, bytes: data.count, decode: decode, layoutAndRender: render, streamed: streamed)
}

/// Decoding and laying out a page of `count` comments, as a comments summary does.
func measureComments(count: Int, runs: Int) throws -> Figures {
    let now = Timestamp(secondsSince1970: 1_795_838_400)
    var generator = StatusGenerator(seed: 7, now: now)
    let posts = generator.statuses(count: 10)
    let data = try WeiboJSON.encode(
        CommentsPage(comments: (0..<count).map { generator.comment(on: posts[$0 % posts.count], postedAt: now.adding(-Double($0) * 90)) }))
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
    return Figures(statuses: count, bytes: data.count, decode: decode, layoutAndRender: render)
}

/// A day of the notifier's core: a check a minute, comments arriving in `bursts` at random
/// minutes (1 to 4 at a time), the texts fetched and shown, the user looking now and then.
/// Counts the calls the core asks for beyond `unread_count`.
func simulateDay(polls: Int, bursts: Int) -> (calls: Int, bursts: Int) {
    var random = SeededRandom(seed: 1440)
    var burstMinutes: Set<Int> = []
    while burstMinutes.count < bursts { burstMinutes.insert(Int.random(in: 0..<polls, using: &random)) }
    let start = Timestamp(secondsSince1970: 1_795_795_200)  // midnight in Beijing
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
                case .showUnread(_, let kind, _): queue.append(.bubbleShown(kind, id: 1, at: start))
                default: break
                }
            }
        }
    }
    run(.started(UnreadState(), login: .valid(expiresAt: start.adding(365 * 86_400)), at: start))
    for minute in 0..<polls {
        let now = start.adding(Double(minute * 60))
        if burstMinutes.contains(minute) { counts.cmt += Int.random(in: 1...4, using: &random) }
        run(.pollTimerFired(at: now))
        run(.pollSucceeded(counts, at: now))
        // The user looks at the comments now and then (every third hour).
        if minute % 180 == 179 { run(.markReadRequested(nil, at: now)) }
    }
    return (calls, bursts)
}

do {
    print("weibo-notifier benchmark: generated home timeline, width 80, Chinese, full style (median of runs)")
    print("")
    let figures = try [(100, 51), (10_000, 5)].map { count, runs in try measure(statuses: count, runs: runs) }
    print("read, laid out and rendered one status at a time, as `timeline` does:")
    print("statuses   JSON KiB   total ms   statuses/s   µs/status")
    for row in figures {
        print(
            [
                String(row.statuses).padding(8), format(Double(row.bytes) / 1024, decimals: 1).padding(10),
                format(milliseconds(row.streamed), decimals: 3).padding(10), String(Int(row.statusesPerSecond)).padding(12),
                format(row.microsecondsPerStatus, decimals: 1),
            ].joined(separator: " "))
    }
    print(
        "linearity: cost per status at 10,000 / at 100 = \(format(figures[1].microsecondsPerStatus / figures[0].microsecondsPerStatus)) (target: 1.1 or less)")
    print("")
    print("the whole page decoded, then laid out and rendered, as the popup does (at most 100 statuses):")
    print("statuses   decode ms   layout+render ms   total ms   µs/status")
    for row in figures {
        print(
            [
                String(row.statuses).padding(8), format(milliseconds(row.decode), decimals: 3).padding(11),
                format(milliseconds(row.layoutAndRender), decimals: 3).padding(18), format(milliseconds(row.total), decimals: 3).padding(10),
                format(row.pageMicrosecondsPerStatus, decimals: 1),
            ].joined(separator: " "))
    }
    print("held whole, cost per status at 10,000 / at 100 = \(format(figures[1].pageMicrosecondsPerStatus / figures[0].pageMicrosecondsPerStatus))")
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
