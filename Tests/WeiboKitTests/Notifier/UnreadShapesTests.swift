import Foundation
import Testing
import WeiboTestSupport

@testable import WeiboKit

/// `remind/unread_count` answers in more shapes than its documentation shows: the extended keys
/// (likes, strangers' messages, close friends, "all" and "attention" variants), keys nobody
/// knows, and known keys of other types. None of them crashes, and none raises a bubble: only
/// the counters the user watches do.
@Suite struct UnreadShapesTests {
    /// After a first answer of zeros, `json` as the next answer: the bubbles it raised, or the
    /// failure it was read as.
    static func bubbles(after json: String) -> Result<[BubbleKind], ResponseError> {
        var driver = NotifierDriver(mode: .perKind)
        driver.start()
        switch Result(catching: { () throws(ResponseError) in try WeiboJSON.decode(UnreadCounts.self, from: Array(json.utf8)) }) {
        case .success(let counts): return .success(driver.check(counts).shownBubbles.map(\.0))
        case .failure(let error):
            driver.checkFails(.transient, error.description)
            return .failure(error)
        }
    }

    @Test(arguments: ["unread-extended-keys.json", "unread-unknown-keys.json"])
    func extendedAndUnknownKeysRaiseNoBubble(_ file: String) throws {
        let json = String(decoding: try FixtureFiles.data("pass/" + file), as: UTF8.self)
        #expect(try Self.bubbles(after: json).get() == [], "\(file)")
        let counts = try WeiboJSON.decode(UnreadCounts.self, from: Array(json.utf8))
        #expect(UnreadCounter.allCases.filter { NotifierSettings(interval: 60).policy.notify.contains($0) }.allSatisfy { counts[$0] == 0 })
    }

    /// Known keys of other types: a number as text or a float reads as that number, a negative
    /// or huge one is bounded (posts are told at once; comments wait for their texts); a value no number can be read from fails the answer
    /// (a passing failure: the counts stay as they were), never the program.
    @Test(arguments: [
        (#"{"status":"2","cmt":0}"#, [BubbleKind.posts] as [BubbleKind]?),
        (#"{"status":2.0,"cmt":0}"#, [.posts]),
        (#"{"status":1e308,"cmt":0}"#, [.posts]),
        (#"{"status":-3,"cmt":0}"#, []),
        (#"{"status":0,"follower":null}"#, []),
        (#"{"status":0,"notice":99999999999999999999}"#, []),
        (#"{"status":0,"msgbox":"7","attitude":"9"}"#, []),
        (#"{"status":{"count":5}}"#, nil),
        (#"{"status":"many"}"#, nil),
        (#"{"status":[1]}"#, nil),
        (#"{"status":true}"#, nil),
        (#"["status",1]"#, nil),
        (#"{"unknown":5}"#, nil),
    ])
    func knownKeysOfOtherTypes(_ json: String, _ expected: [BubbleKind]?) {
        switch Self.bubbles(after: json) {
        case .success(let kinds): #expect(kinds == expected, "\(json)")
        case .failure(let error): #expect(expected == nil, "\(json): \(error)")
        }
    }
}
