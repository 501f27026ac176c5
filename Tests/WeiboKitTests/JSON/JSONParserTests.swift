import Foundation
import Testing
import WeiboKit

@Suite struct JSONParserTests {
    @Test(arguments: [
        ("null", JSONValue.null),
        (" true ", .bool(true)),
        ("false", .bool(false)),
        ("0", .number("0")),
        ("-12.5e+3", .number("-12.5e+3")),
        ("9223372036854775807", .number("9223372036854775807")),
        (#""a\"b\\c\/d\n\t""#, .string("a\"b\\c/d\n\t")),
        (#""\u5fae\u535a \ud83d\ude02""#, .string("微博 😂")),
        // A lone surrogate, or one without its pair, becomes U+FFFD.
        (#""\ud83d!""#, .string("\u{FFFD}!")),
        (#""\ude02""#, .string("\u{FFFD}")),
        ("[]", .array([])),
        ("[1, [2], {}]", .array([.number("1"), .array([.number("2")]), .object([:])])),
        (#"{"a": {"b": [null]}, "c": "微博"}"#, .object(["a": .object(["b": .array([.null])]), "c": .string("微博")])),
    ])
    func readsJSON(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test(arguments: [
        ("", "unexpected end of the document at line 1, column 1"),
        ("{\"statuses\": [1, 2", "unexpected end of the document at line 1, column 19"),
        ("{\n  \"a\": tru\n}", "unexpected line break at line 2, column 11"),
        ("[1,]", "unexpected ']' at line 1, column 4"),
        ("{\"a\" 1}", "unexpected '1', expected ':' after a key at line 1, column 6"),
        ("{a: 1}", "unexpected 'a', expected a key in quotes at line 1, column 2"),
        ("01", "a number cannot start with 0 at line 1, column 2"),
        ("1.", "unexpected end of the document at line 1, column 3"),
        ("-", "unexpected end of the document at line 1, column 2"),
        ("\"a\u{1}b\"", "a control character inside a string at line 1, column 3"),
        ("\"\\x\"", "unknown escape '\\x' at line 1, column 3"),
        ("{} {}", "unexpected text after the document at line 1, column 4"),
        ("<html><title>502 Bad Gateway</title></html>", "unexpected '<' at line 1, column 1"),
    ])
    func refusesWhatIsNotJSONAndSaysWhere(_ text: String, _ message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func nestingIsBounded() throws {
        func nested(_ levels: Int) -> String { String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(nested(JSONParser.maximumDepth + 1)) }
        #expect(try JSONParser.parse(nested(JSONParser.maximumDepth)) != .null)
    }

    @Test func invalidUTF8IsRepairedNotRefused() throws {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]  // "a\xFFb"
        #expect(try JSONParser.parse(bytes) == .string("a\u{FFFD}b"))
    }

    @Test func writerEscapesWhatMustBeAndSortsKeys() throws {
        let value = JSONValue.object([
            "z": .string("a/b \"q\" \\ \n\u{1}微博"), "a": .array([.number("1"), .bool(false), .null]),
        ])
        let text = String(decoding: JSONWriter.write(value), as: UTF8.self)
        #expect(text == #"{"a":[1,false,null],"z":"a/b \"q\" \\ \n\u0001微博"}"#)
        #expect(try JSONParser.parse(text) == value)
    }

    @Test(arguments: [
        ("", #""""#), ("\t\r\u{1F}", #""\t\r\u001f""#), ("\"", #""\"""#), ("😀 \\", #""😀 \\""#),
        ("微博\u{0}end", #""微博\u0000end""#), ("plain text", #""plain text""#),
    ])
    func quotingCopiesRunsAndEscapesOnlyASCII(text: String, literal: String) throws {
        #expect(JSONText.quoted(text) == literal)
        #expect(try JSONParser.parse(literal) == .string(text))
    }
}
