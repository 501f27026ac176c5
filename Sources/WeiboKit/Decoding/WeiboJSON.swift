/// Reads and writes the Weibo API's JSON documents, and the program's own files.
///
/// Through the project's own JSON coders (`JSONParser`, `JSONTreeDecoder`, `JSONTreeEncoder`,
/// `JSONWriter`), not Foundation's. One decoder for every document: each model spells its keys as the API does in its own
/// `CodingKeys` (so no key strategy is set), and `created_at` is read by `WeiboDate` in its one
/// fixed English format, never through a locale. A body that carries `error_code` is an error
/// whatever the HTTP status, as the real API sometimes answers errors with 200.
public enum WeiboJSON {
    /// Decodes an API response: the model, or the API's error body, or why the document is bad.
    public static func decode<Body: Decodable>(_ type: Body.Type, from data: [UInt8]) throws(ResponseError) -> Body {
        try decode(Body.self, from: data) { data throws(JSONSyntaxError) in try JSONParser.parse(data) }
    }

    /// Decodes an API response whose list under `key` may be long (a timeline page), handing
    /// each element to `each` as soon as it is read, its tree then dropped: the page returned
    /// has an empty list in its place. An element that cannot be read comes as its failure, its
    /// coding path as in the whole document (`statuses[3].user`). The same outcome as
    /// `decode(_:from:)` otherwise, except that elements already handed on stay handed on when
    /// the document turns out bad or an error body further on.
    public static func decode<Page: Decodable, Element: Decodable>(
        _ type: Page.Type, from data: [UInt8], streaming key: some CodingKey, of element: Element.Type,
        each: (Result<Element, DecodingFailure>) -> Void
    ) throws(ResponseError) -> Page {
        let decoder = JSONTreeDecoder()
        return try decode(Page.self, from: data) { data throws(JSONSyntaxError) in
            try JSONParser.parse(data, streaming: key.stringValue) { index, value in
                let path: [any CodingKey] = [key, IndexKey(index)]
                do {
                    each(try decoder.decode(LenientElement<Element>.self, from: value, codingPath: path).result)
                } catch {
                    each(.failure(DecodingFailure(codingPath: DecodingFailure.render(path), reason: String(describing: error))))
                }
            }
        }
    }

    private static func decode<Body: Decodable>(
        _ type: Body.Type, from data: [UInt8], parse: ([UInt8]) throws(JSONSyntaxError) -> JSONValue
    ) throws(ResponseError) -> Body {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw .malformed(DecodingFailure(codingPath: "", message: .tr("the response is empty")))
        }
        let envelope: Envelope<Body>
        do {
            envelope = try decodeTree(Envelope<Body>.self, from: try parseDocument(data, with: parse))
        } catch {
            throw .malformed(error)
        }
        switch envelope {
        case .success(let body): return body
        case .failure(let apiError): throw .api(apiError)
        }
    }

    /// Decodes a document the program wrote itself (the state file): no API envelope.
    public static func decodeDocument<Model: Decodable>(_ type: Model.Type, from data: [UInt8]) throws(DecodingFailure) -> Model {
        try decodeTree(Model.self, from: try parseDocument(data) { data throws(JSONSyntaxError) in try JSONParser.parse(data) })
    }

    private static func parseDocument(_ data: [UInt8], with parse: ([UInt8]) throws(JSONSyntaxError) -> JSONValue) throws(DecodingFailure) -> JSONValue {
        do {
            return try parse(data)
        } catch {
            throw DecodingFailure(error)
        }
    }

    private static func decodeTree<Model: Decodable>(_ type: Model.Type, from document: JSONValue) throws(DecodingFailure) -> Model {
        do {
            return try JSONTreeDecoder().decode(Model.self, from: document)
        } catch let error as DecodingError {
            throw DecodingFailure(error)
        } catch {
            throw DecodingFailure(codingPath: "", reason: String(describing: error))
        }
    }

    /// Encodes a model in the API's own shape (ids as numbers with string twins, `created_at` in
    /// Weibo's format). Keys are sorted so that the same value always gives the same bytes.
    public static func encode<Value: Encodable>(_ value: Value) throws -> [UInt8] {
        [UInt8](JSONWriter.write(try JSONTreeEncoder().encode(value)))
    }

    /// A document that is either the expected body or an error body.
    private enum Envelope<Success: Decodable>: Decodable {
        case success(Success)
        case failure(APIError)

        init(from decoder: any Decoder) throws {
            if let keyed = try? decoder.container(keyedBy: APIError.CodingKeys.self), keyed.contains(.code) {
                self = .failure(try APIError(from: decoder))
            } else {
                self = .success(try Success(from: decoder))
            }
        }
    }
}

/// Why an API response gave no model.
public enum ResponseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Weibo answered with an error body (`error_code`).
    case api(APIError)
    /// The document is not JSON, or not the shape the model needs.
    case malformed(DecodingFailure)

    public var description: String { explanation(Localizer()) }

    /// What went wrong, in the localizer's language.
    public func explanation(_ localizer: Localizer) -> String {
        switch self {
        case .api(let error): return error.explanation(localizer)
        case .malformed(let failure): return localizer.tr("malformed response: %s", failure.explanation(localizer))
        }
    }
}
