import CGLib
import CGtk

/// Pango's line-break rules (`pango_get_log_attrs`) for a text's paragraphs, found on a thread
/// of their own while the GTK thread itemizes and shapes the same text. They are a fifth of a
/// layout's time, and unlike shaping they need no font, so they can run beside it: the cells'
/// font map stays the GTK thread's alone.
///
/// One text at a time: `start` hands it over, `finish` takes its breaks; or nil when the thread
/// had not begun them yet (busy elsewhere: the machine has other work), and the caller finds
/// them itself, never waiting for a thread that has not started.
///
/// `@unchecked Sendable`: `state` (and the job and breaks in it) is read and written under
/// `mutex` only; `found` and `takenBack` on the caller's thread only.
final class BreakFinder: @unchecked Sendable {
    /// Each paragraph's attributes, one per character and one past the last (Pango's layout).
    typealias Breaks = [[PangoLogAttr]]

    /// Texts shorter than this are not worth the handing over (names, times, counts).
    static let shortest = 48

    private struct Job {
        var bytes: [UInt8]
        var paragraphs: [Range<Int>]
        var language: OpaquePointer?
    }

    private enum State {
        case idle
        case queued(Job)
        case running
        case done(Breaks)
        case stopping
    }

    private let mutex = UnsafeMutablePointer<GMutex>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<GCond>.allocate(capacity: 1)
    private var state = State.idle
    private var thread: UnsafeMutablePointer<GThread>?
    /// How many texts' breaks came from the thread, and how many were taken back (read on the
    /// caller's thread).
    private(set) var found = 0
    private(set) var takenBack = 0

    /// Whether `finish` waits for a text the thread has not begun (for tests: every text's
    /// breaks then come from the thread).
    private let waits: Bool

    init(waits: Bool = false) {
        self.waits = waits
        g_mutex_init(mutex)
        g_cond_init(condition)
        // Unretained: `deinit` stops the thread and waits for it before anything goes.
        thread = g_thread_new(
            "weibo-breaks",
            { data in
                guard let data else { return nil }
                Unmanaged<BreakFinder>.fromOpaque(data).takeUnretainedValue().run()
                return nil
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        g_mutex_lock(mutex)
        state = .stopping
        g_cond_broadcast(condition)
        g_mutex_unlock(mutex)
        if let thread { g_thread_join(thread) }
        g_cond_clear(condition)
        g_mutex_clear(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Whether `bytes` go to the thread: long enough, and without Thai, whose rules Pango takes
    /// from libthai, which keeps a dictionary shared without a lock.
    static func takes(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= shortest else { return false }
        // U+0E00–0EFF (Thai, Lao) is E0 B8–BB in UTF-8.
        for index in 0..<(bytes.count - 1) where bytes[index] == 0xE0 && (0xB8...0xBB).contains(bytes[index + 1]) {
            return false
        }
        return true
    }

    /// Hands over `bytes` (UTF-8) and its `paragraphs` (byte ranges), broken by `language`'s rules.
    func start(_ bytes: [UInt8], paragraphs: [Range<Int>], language: OpaquePointer?) {
        g_mutex_lock(mutex)
        state = .queued(Job(bytes: bytes, paragraphs: paragraphs, language: language))
        g_cond_broadcast(condition)
        g_mutex_unlock(mutex)
    }

    /// The breaks of the text handed over last: waited for if the thread is on them, nil if it
    /// has not begun (the text is taken back).
    func finish() -> Breaks? {
        g_mutex_lock(mutex)
        defer { g_mutex_unlock(mutex) }
        while true {
            if case .running = state {
                g_cond_wait(condition, mutex)
            } else if waits, case .queued = state {
                g_cond_wait(condition, mutex)
            } else {
                break
            }
        }
        guard case .done(let breaks) = state else {
            state = .idle
            takenBack += 1
            return nil
        }
        state = .idle
        found += 1
        return breaks
    }

    private func run() {
        g_mutex_lock(mutex)
        while true {
            switch state {
            case .queued(let job):
                state = .running
                g_mutex_unlock(mutex)
                let breaks = job.bytes.withUnsafeBufferPointer { bytes in
                    Self.breaks(bytes, paragraphs: job.paragraphs, language: job.language)
                }
                g_mutex_lock(mutex)
                state = .done(breaks)
                g_cond_broadcast(condition)
            case .stopping:
                g_mutex_unlock(mutex)
                return
            case .idle, .running, .done:
                g_cond_wait(condition, mutex)
            }
        }
    }

    /// The breaks of `paragraphs` of `bytes`, on the calling thread.
    static func breaks(_ bytes: UnsafeBufferPointer<UInt8>, paragraphs: [Range<Int>], language: OpaquePointer?) -> Breaks {
        guard let base = bytes.baseAddress else { return paragraphs.map { _ in [] } }
        return paragraphs.map { range in
            var characters = 0
            for index in range where bytes[index] & 0xC0 != 0x80 { characters += 1 }
            var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: characters + 1)
            guard !range.isEmpty else { return attributes }
            base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
                pango_get_log_attrs(text + range.lowerBound, Int32(range.count), -1, language, &attributes, Int32(characters + 1))
            }
            return attributes
        }
    }
}
