import Foundation
import Testing
import WeiboKit

@Suite struct JSONCodingTests {
    static let now = Timestamp(secondsSince1970: 1_795_838_400)

    /// Generated pages, every shape the generator makes: the project's coders read what
    /// Foundation's JSONDecoder reads, and write what reads back the same.
    @Test(arguments: [1, 7, 42, 2026])
    func agreesWithFoundationOnGeneratedPages(_ seed: UInt64) throws {
        var generator = StatusGenerator(seed: seed, now: Self.now)
        let page = generator.page(count: 30)
        let written = try WeiboJSON.encode(page)
        let ours = try WeiboJSON.decode(TimelinePage.self, from: written)
        let foundations = try JSONDecoder().decode(TimelinePage.self, from: Data(written))
        #expect(ours == foundations)
        #expect(ours == page)
        // Foundation writes the same document (key order aside).
        let foundationWritten = try JSONEncoder().encode(page)
        #expect(try JSONParser.parse(Array(foundationWritten)) == JSONParser.parse(written))
    }

    @Test func savedStateAndAccountRoundTrip() throws {
        var state = UnreadState()
        state.baseline = UnreadCounts(status: 3, cmt: 1)
        state[.messages] = BubbleState(shown: UnreadCounts(dm: 2), id: 3)
        state.lastSuccessfulPoll = Self.now
        #expect(try WeiboJSON.decodeDocument(UnreadState.self, from: WeiboJSON.encode(state)) == state)
        let account = Account(accessToken: "2.00abc", uid: 5_712_659_759, issuedAt: Self.now, expiresIn: 86_400)
        #expect(try WeiboJSON.decode(Account.self, from: WeiboJSON.encode(account)) == account)
    }

    struct Numbers: Codable, Equatable {
        var small: Int8
        var big: UInt64
        var real: Double
        var whole: Int
        var list: [Int32]
        var maybe: String?
    }

    @Test func numbersKeepEveryDigitAndFitTheirType() throws {
        let numbers = Numbers(small: -128, big: .max, real: 0.1, whole: 3, list: [1, -2], maybe: nil)
        let written = try WeiboJSON.encode(numbers)
        #expect(String(decoding: written, as: UTF8.self) == #"{"big":18446744073709551615,"list":[1,-2],"real":0.1,"small":-128,"whole":3}"#)
        #expect(try WeiboJSON.decodeDocument(Numbers.self, from: written) == numbers)
        // A whole number written as 3.0 or 3e0 is still whole.
        let other = Array(#"{"big":1,"list":[],"real":1e2,"small":1.0,"whole":3e0,"maybe":null}"#.utf8)
        #expect(try WeiboJSON.decodeDocument(Numbers.self, from: other).whole == 3)
    }

    /// Encodes a key twice, and fills a nested container after its parent's later keys.
    struct Rewritten: Encodable {
        enum Keys: String, CodingKey { case b, a, inner, z }
        func encode(to encoder: any Encoder) throws {
            var keys = encoder.container(keyedBy: Keys.self)
            try keys.encode("first", forKey: .b)
            var inner = keys.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try keys.encode(1, forKey: .z)
            try keys.encode("second", forKey: .b)
            try inner.encode(true, forKey: .a)
            try keys.encode([2, 3], forKey: .a)
        }
    }

    @Test func aKeyEncodedAgainKeepsItsLastValueAndNestedContainersLandInPlace() throws {
        let written = String(decoding: try WeiboJSON.encode(Rewritten()), as: UTF8.self)
        #expect(written == #"{"a":[2,3],"b":"second","inner":{"a":true},"z":1}"#)
    }

    @Test(arguments: [
        (#"{"big":1,"list":[],"real":1,"small":300,"whole":1}"#, "small", "the number 300 is not a whole number that fits"),
        (#"{"big":1,"list":[],"real":1,"small":1,"whole":"1"}"#, "whole", "expected a number, found a string"),
        (#"{"big":1,"list":[1,true],"real":1,"small":1,"whole":1}"#, "list[1]", "expected a number, found true or false"),
        (#"{"big":1,"list":[],"real":1,"small":1}"#, "whole", "required key is missing"),
        (#"{"big":null,"list":[],"real":1,"small":1,"whole":1}"#, "big", "expected a number, found null"),
        (#"{"big":1,"list":{},"real":1,"small":1,"whole":1}"#, "list", "expected an array, found an object"),
        (#"[]"#, "", "expected an object, found an array"),
        (#"{"big":1,"list":[],"real":1,"small":1,"whole":1,"maybe":5}"#, "maybe", "expected a string, found a number"),
    ])
    func errorsNameThePathAndWhatWasFound(_ json: String, _ path: String, _ reason: String) {
        do {
            _ = try WeiboJSON.decodeDocument(Numbers.self, from: Array(json.utf8))
            Issue.record("decoded \(json)")
        } catch {
            #expect(error.codingPath == path)
            #expect(error.reason == reason)
        }
    }

    @Test func aDocumentThatIsNotJSONSaysWhere() {
        do {
            _ = try WeiboJSON.decode(TimelinePage.self, from: Array(#"{"statuses": [{"id": 1"#.utf8))
            Issue.record("decoded a truncated document")
        } catch {
            #expect(
                error
                    == .malformed(
                        DecodingFailure(
                            codingPath: "", reason: "not valid JSON (unexpected end of the document at line 1, column 23)")))
        }
    }
}
