/// One element of a list that is read on its own: what could be read, or why not (with the
/// element's id when that much can be read, for the log).
struct LenientElement<Element: Decodable>: Decodable {
    let result: Result<Element, DecodingFailure>

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Element(from: decoder))
        } catch let error as DecodingError {
            var failure = DecodingFailure(error)
            failure.itemID = (try? ItemID(from: decoder))?.id
            result = .failure(failure)
        }
    }
}

/// The `id` (or `idstr`) of an element that could not be read otherwise.
private struct ItemID: Decodable {
    let id: String?

    enum CodingKeys: String, CodingKey { case id, idstr }

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        id =
            ((try? keys.decodeFlexibleInt64IfPresent(forKey: .id)) ?? nil).map(String.init)
            ?? ((try? keys.decodeIfPresent(String.self, forKey: .idstr)) ?? nil).map { String($0.prefix(24)) }
    }
}

extension KeyedDecodingContainer {
    /// A list whose bad elements are left out instead of failing the whole document: the
    /// elements read, and where and why each one left out failed. The list itself must be there
    /// and be a list.
    func decodeLeniently<Element: Decodable>(_ type: Element.Type, forKey key: Key) throws -> ([Element], [DecodingFailure]) {
        var elements: [Element] = []
        var skipped: [DecodingFailure] = []
        for element in try decode([LenientElement<Element>].self, forKey: key) {
            switch element.result {
            case .success(let value): elements.append(value)
            case .failure(let failure): skipped.append(failure)
            }
        }
        return (elements, skipped)
    }
}
