import Foundation
import Testing
import WeiboKit
import WeiboTestSupport

/// Every file of `Fixtures/pass` decodes as the model its name starts with; every file of
/// `Fixtures/fail` is refused with an error that names the place, and nothing crashes.
@Suite struct FixtureDecodingTests {
    static let passing = FixtureFiles.fixtures(in: "pass")
    static let failing = FixtureFiles.fixtures(in: "fail")

    @Test func fixtureFoldersAreNotEmpty() {
        #expect(Self.passing.count >= 10)
        #expect(Self.failing.count >= 7)
    }

    @Test(arguments: passing)
    func passFixtureDecodes(_ file: URL) throws {
        let data = try FixtureFiles.bytes(file)
        let name = file.lastPathComponent
        switch name.prefix(while: { $0 != "-" }) {
        case "timeline": _ = try WeiboJSON.decode(TimelinePage.self, from: data)
        case "unread": _ = try WeiboJSON.decode(UnreadCounts.self, from: data)
        case "token": _ = try WeiboJSON.decode(AccessTokenGrant.self, from: data)
        case "tokeninfo": _ = try WeiboJSON.decode(TokenInfo.self, from: data)
        case "error":
            #expect(throws: ResponseError.self) { try WeiboJSON.decode(TimelinePage.self, from: data) }
            let error = try #require(Self.apiError(decoding: data))
            #expect(error.code != 0)
        default:
            Issue.record("fixture \(name) has no known model prefix")
        }
    }

    /// Where each failing fixture must say the problem is.
    static let expectedPaths: [String: String] = [
        "empty.json": "",
        "timeline-truncated.json": "",
        "timeline-proxy-page.json": "",
        "timeline-top-level-array.json": "",
        "timeline-statuses-object.json": "statuses",
        "timeline-missing-statuses.json": "statuses",
        "unread-bad-count.json": "status",
    ]

    @Test(arguments: failing)
    func failFixtureIsRefusedWithItsPath(_ file: URL) throws {
        let data = try FixtureFiles.bytes(file)
        let name = file.lastPathComponent
        let expectedPath = try #require(Self.expectedPaths[name], "add \(name) to expectedPaths")
        let failure: DecodingFailure?
        do {
            if name.hasPrefix("unread") {
                _ = try WeiboJSON.decode(UnreadCounts.self, from: data)
            } else {
                _ = try WeiboJSON.decode(TimelinePage.self, from: data)
            }
            failure = nil
        } catch {
            guard case .malformed(let reason) = error else {
                Issue.record("expected a malformed document, got \(error)")
                return
            }
            failure = reason
        }
        let reason = try #require(failure, "\(name) decoded but should not")
        #expect(reason.codingPath == expectedPath)
        #expect(!reason.reason.isEmpty)
        #expect(!reason.description.contains("Swift."), "messages speak of JSON, not Swift types: \(reason)")
    }

    /// One bad item costs that item, and one bad field that field: the rest of the page is read.
    static let partial: [(file: String, kept: Int, skipped: [String], check: @Sendable (TimelinePage) -> Bool)] = [
        ("timeline-bad-id.json", 0, ["statuses[0].id"], { _ in true }),
        ("timeline-user-string.json", 0, ["statuses[0].user"], { _ in true }),
        ("timeline-bad-date.json", 1, [], { $0.statuses[0].createdAt == nil && $0.statuses[0].user != nil }),
        ("timeline-retweet-bad-date.json", 2, [], { $0.statuses[1].retweetedStatus?.createdAt == nil && $0.statuses[0].createdAt != nil }),
        ("timeline-count-object.json", 1, [], { $0.statuses[0].repostsCount == 0 }),
    ]

    @Test func partialFixturesKeepWhatCanBeRead() throws {
        #expect(FixtureFiles.fixtures(in: "partial").count == Self.partial.count, "every file of Fixtures/partial is in the table")
        for (file, kept, skipped, check) in Self.partial {
            let page = try WeiboJSON.decode(TimelinePage.self, from: FixtureFiles.data("partial/" + file))
            #expect(page.statuses.count == kept, "\(file)")
            #expect(page.skipped.map(\.codingPath) == skipped, "\(file)")
            #expect(check(page), "\(file)")
        }
    }

    @Test func truncatedDocumentSaysItIsNotJSON() throws {
        let data = try FixtureFiles.data("fail/timeline-truncated.json")
        #expect(throws: ResponseError.self) { try WeiboJSON.decode(TimelinePage.self, from: data) }
        do {
            _ = try WeiboJSON.decode(TimelinePage.self, from: data)
        } catch {
            #expect(error.description.contains("not valid JSON"))
        }
    }

    @Test func emptyBodyIsNamedAsSuch() {
        do {
            _ = try WeiboJSON.decode(TimelinePage.self, from: Array(" \n".utf8))
            Issue.record("decoded an empty body")
        } catch {
            #expect(error == .malformed(DecodingFailure(codingPath: "", reason: "the response is empty")))
        }
    }

    static func apiError(decoding data: [UInt8]) -> APIError? {
        do {
            _ = try WeiboJSON.decode(TimelinePage.self, from: data)
            return nil
        } catch {
            if case .api(let apiError) = error { return apiError }
            return nil
        }
    }
}
