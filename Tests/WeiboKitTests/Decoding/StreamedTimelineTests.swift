import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

/// A timeline read one status at a time (`TimelinePage.read(from:each:)`, as `timeline` reads a
/// saved page) gives what the whole-document decode gives: the same statuses in the same order,
/// the same statuses left out with the same paths, the same cursors, or the same error.
@Suite struct StreamedTimelineTests {
    static let documents: [URL] = ["pass", "partial", "fail"].flatMap { FixtureFiles.fixtures(in: $0) }
        .filter { !$0.lastPathComponent.hasPrefix("unread") && !$0.lastPathComponent.hasPrefix("token") }

    /// The page read streamed, with its statuses put back, or its error.
    static func streamed(_ data: [UInt8]) -> Result<TimelinePage, ResponseError> {
        var statuses: [Status] = []
        do {
            var page = try TimelinePage.read(from: data) { statuses.append($0) }
            #expect(page.statuses.isEmpty, "the statuses are handed on, not kept")
            page.statuses = statuses
            return .success(page)
        } catch {
            return .failure(error)
        }
    }

    static func whole(_ data: [UInt8]) -> Result<TimelinePage, ResponseError> {
        do {
            return .success(try WeiboJSON.decode(TimelinePage.self, from: data))
        } catch {
            return .failure(error)
        }
    }

    @Test func everyTimelineFixtureReadsAsTheWholeDocumentDoes() throws {
        #expect(Self.documents.count >= 15)
        for file in Self.documents {
            let data = try FixtureFiles.bytes(file)
            #expect(Self.streamed(data) == Self.whole(data), "\(file.lastPathComponent)")
        }
    }

    @Test(arguments: [1, 2, 100, 1000])
    func generatedPagesReadAsTheWholeDocumentDoes(_ count: Int) throws {
        var generator = StatusGenerator(seed: UInt64(count), now: Timestamp(secondsSince1970: 1_795_838_400))
        let data = try WeiboJSON.encode(generator.page(count: count))
        let streamed = try Self.streamed(data).get()
        #expect(streamed.statuses.count == count)
        #expect(Result.success(streamed) == Self.whole(data))
    }

    @Test func statusesLeftOutAreNamedWithTheirPlaceInTheDocument() throws {
        let data = Array(
            #"""
            {"statuses": [{"id": 1, "idstr": "1", "created_at": "Sat Nov 28 11:55:00 +0800 2026", "text": "a", "user": {"id": 9, "screen_name": "甲"}},
                          {"id": "x"},
                          {"id": 3, "user": "nobody"}],
             "next_cursor": 7, "total_number": 3}
            """#.utf8)
        var ids: [Int64] = []
        let page = try TimelinePage.read(from: data) { ids.append($0.id) }
        #expect(ids == [1])
        #expect(page.skipped.map(\.codingPath) == ["statuses[1].id", "statuses[2].user"])
        #expect(page.skipped.map(\.itemID) == [nil, "3"])
        #expect(page.nextCursor == 7)
        #expect(page.totalNumber == 3)
    }

    @Test func anErrorBodyIsAnErrorAndStatusesBeforeABreakWereHandedOn() throws {
        #expect(throws: ResponseError.self) {
            try TimelinePage.read(from: Array(#"{"error": "expired_token", "error_code": 21327, "request": "/2/statuses/home_timeline.json"}"#.utf8)) { _ in }
        }
        var generator = StatusGenerator(seed: 3, now: Timestamp(secondsSince1970: 1_795_838_400))
        let whole = try WeiboJSON.encode(generator.page(count: 5))
        let cut = whole.prefix(whole.count * 3 / 4)
        var handedOn = 0
        #expect(throws: ResponseError.self) { try TimelinePage.read(from: Array(cut)) { _ in handedOn += 1 } }
        #expect(handedOn > 0 && handedOn < 5, "what came before the break was handed on, nothing after it")
    }
}

/// The parser's streaming read: each element of the top-level key's array handed on as it is
/// read, nowhere else, with the errors of the whole-document parse.
@Suite struct JSONStreamingTests {
    func streamed(_ text: String, key: String = "statuses") throws(JSONSyntaxError) -> (JSONValue, [(Int, JSONValue)]) {
        var elements: [(Int, JSONValue)] = []
        let tree = try JSONParser.parse(Array(text.utf8), streaming: key) { elements.append(($0, $1)) }
        return (tree, elements)
    }

    @Test func elementsAreHandedOnInOrderAndTheTreeKeepsAnEmptyArray() throws {
        let (tree, elements) = try streamed(#"{"a": 1, "statuses": [{"statuses": [5]}, [2], "3"], "b": [4]}"#)
        #expect(elements.map(\.0) == [0, 1, 2])
        #expect(elements.map(\.1) == [.object(["statuses": .array([.number("5")])]), .array([.number("2")]), .string("3")])
        #expect(tree == .object(["a": .number("1"), "statuses": .array([]), "b": .array([.number("4")])]))
    }

    @Test func aRepeatedKeyHasEachArrayHandedOn() throws {
        let (tree, elements) = try streamed(#"{"statuses": [1, 2], "statuses": [3]}"#)
        #expect(elements.map(\.0) == [0, 1, 0])
        #expect(elements.map(\.1) == [.number("1"), .number("2"), .number("3")])
        #expect(tree == .object(["statuses": .array([])]))
        // The whole parse keeps the last, as for any repeated key.
        #expect(try JSONParser.parse(#"{"statuses": [1, 2], "statuses": [3]}"#) == .object(["statuses": .array([.number("3")])]))
    }

    @Test(arguments: [
        #"{"statuses": null}"#, #"{"statuses": {"0": 1}}"#, #"[{"statuses": [1]}]"#, #"{"other": [1], "x": {"statuses": [2]}}"#,
    ])
    func onlyAnArrayUnderTheTopLevelKeyIsStreamed(_ text: String) throws {
        let (tree, elements) = try streamed(text)
        #expect(elements.isEmpty)
        let parsed = try JSONParser.parse(text)
        #expect(tree == parsed)
    }

    @Test(arguments: [
        "{\"statuses\": [1, 2", "{\"statuses\": [1,]}", "{\"statuses\": [1] 2}", "{\"statuses\": [{\"a\" 1}]}",
        "{\"statuses\": []} x", "{\"statuses\": [\"\u{1}\"]}",
    ])
    func errorsAreThoseOfTheWholeParse(_ text: String) {
        var whole: JSONSyntaxError?
        var streaming: JSONSyntaxError?
        do { _ = try JSONParser.parse(text) } catch { whole = error }
        do { _ = try streamed(text) } catch { streaming = error }
        #expect(whole != nil)
        #expect(streaming == whole)
    }

    @Test func nestingIsBoundedAsInTheWholeParse() throws {
        let depth = JSONParser.maximumDepth
        let tooDeep = #"{"statuses": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(tooDeep) }
        #expect(throws: JSONSyntaxError.self) { try streamed(tooDeep) }
        let deepest = #"{"statuses": "# + String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1) + "}"
        #expect(try streamed(deepest).1.count == 1)
    }
}
