/// The authorization code the user brings back from the browser after approving the app.
public enum LoginCode {
    /// The code in what the user pasted: the bare code, or the whole redirected URL
    /// (`https://api.weibo.com/oauth2/default.html?code=…&state=…`). `nil` for an empty answer,
    /// an error redirect (`?error=access_denied`) or anything that is not a code.
    public static func extract(from input: String) -> String? {
        let text = input.trimmingASCIISpaces()
        if let query = text.firstIndex(of: "?") {
            let code = FormEncoding.decode(text[text.index(after: query)...])["code"] ?? ""
            return isCode(code[...]) ? code : nil
        }
        return isCode(text[...]) ? text : nil
    }

    /// Why a pasted answer brings no code.
    public enum Refusal: Error, Equatable, Sendable {
        /// Weibo sent the browser back with an error (the user did not allow the app): its
        /// description (one line, 60 characters at most).
        case denied(String)
        /// The address of another login attempt: its `state` is not this one's.
        case otherAttempt
        /// Neither a code nor an address with one: the start of what was pasted (one line, 60
        /// characters at most).
        case notACode(String)
    }

    /// The code in the answer the user pasted for the login whose `state` is given: the bare
    /// code, or the address the browser ended on, checked against `state` when it has one.
    public static func read(_ answer: String, state: String) -> Result<String, Refusal> {
        // What goes back into a message: one line without controls, and short.
        let shown = { (text: String) in String(TextSanitizer.singleLine(text).prefix(60)) }
        if answer.containsText("error=") {
            return .failure(.denied(shown(parameter("error_description", in: answer) ?? parameter("error", in: answer) ?? "access_denied")))
        }
        if let returned = parameter("state", in: answer), returned != state { return .failure(.otherAttempt) }
        guard let code = extract(from: answer) else { return .failure(.notACode(shown(answer.trimmingASCIISpaces()))) }
        return .success(code)
    }

    /// A parameter of an address's query.
    public static func parameter(_ name: String, in text: String) -> String? {
        guard let query = text.firstIndex(of: "?") else { return nil }
        return FormEncoding.decode(text[text.index(after: query)...])[name]
    }

    /// Codes are letters and digits (hexadecimal on Weibo).
    private static func isCode(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 128 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
