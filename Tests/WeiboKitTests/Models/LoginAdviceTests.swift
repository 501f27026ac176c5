import Testing
import WeiboTestSupport

@testable import WeiboKit

/// Every refusal a login can meet is said with its fix, for the person who can make it (the
/// window's rows, or the configuration file), in English and in Chinese; none is called a bug
/// of the program.
@Suite struct LoginAdviceTests {
    static let codes: [(code: Int, error: String, fix: [String])] = [
        (21321, "applications over the unaudited use restrictions!", ["测试信息"]),
        (21322, "redirect_uri_mismatch", ["OAuth2.0", "http://127.0.0.1:8939/callback"]),
        (21323, "invalid_request", []),
        (21324, "invalid_client", ["App Secret", "基本信息"]),
        (21325, "invalid_grant", []),
    ]

    @Test(arguments: [Language.english, .chinese])
    func everyLoginRefusalHasItsFix(_ language: Language) throws {
        let localizer = Localizer.testing(language)
        for (code, name, fix) in Self.codes {
            let error = APIError(code: code, error: name, request: "/oauth2/access_token")
            for place in [SettingsPlace.window, .file("/home/u/.config/weibo-notifier/config")] {
                let advice = try #require(error.loginAdvice(localizer, redirectURI: "http://127.0.0.1:8939/callback", place: place), "\(code)")
                #expect(advice.contains(String(code)), "\(code) \(place): \(advice)")
                for word in fix where !(code == 21324 && word == "App Secret" && language == .chinese) {
                    #expect(advice.contains(word), "\(code) \(place): \(advice) lacks \(word)")
                }
                #expect(!advice.lowercased().contains("bug") && !advice.contains("报告"), "\(code): \(advice)")
                if case .file(let path) = place, code == 21322 || code == 21324 { #expect(advice.contains(path), "\(code): \(advice)") }
                if language == .chinese {
                    #expect(advice.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) }, "\(code): \(advice)")
                    #expect(!advice.contains("Weibo does not know") && !advice.contains("log in again"), "translated: \(advice)")
                }
            }
            // The same words where the refusal is explained without a place (a log, `status`).
            let explained = error.explanation(localizer)
            #expect(!explained.lowercased().contains("bug") && !explained.contains("报告"), "\(code): \(explained)")
        }
    }

    @Test func otherCodesAreNoLoginRefusals() {
        for code in [10001, 21327, 21335, 10008] {
            #expect(APIError(code: code, error: "x").loginAdvice(Localizer(), redirectURI: "", place: .window) == nil)
        }
        #expect(APIError(code: 10008, error: "param error").description.contains("this is a bug"), "a parameter the program sent wrong is its bug")
    }
}
