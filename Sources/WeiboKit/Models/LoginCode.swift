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

    /// Codes are letters and digits (hexadecimal on Weibo).
    private static func isCode(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 128 && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }
}
