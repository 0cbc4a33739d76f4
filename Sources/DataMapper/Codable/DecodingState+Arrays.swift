/// Arrays whose elements the decoder reads itself, one by one from the value's
/// elements, instead of through `Array.init(from:)`.
///
/// The standard path costs, per array, a boxed `UnkeyedDecodingContainer` and a call
/// through that existential for every element; this one costs neither.
protocol DirectlyDecodedArray {
    /// The array of `elements` decoded one by one, each at its index under `tail`
    /// below `parent`, returned as `Result`, which the caller guarantees is `Self`.
    static func decodeElements<Result>(
        _ elements: SupportedArray, with state: DecodingState, parent: CodingPathNode, tail: PathTail, as result: Result.Type
    ) throws -> Result
}

extension Array: DirectlyDecodedArray where Element: Decodable {
    static func decodeElements<Result>(
        _ elements: SupportedArray, with state: DecodingState, parent: CodingPathNode, tail: PathTail, as result: Result.Type
    ) throws -> Result {
        var decoded: [Element] = []
        if !elements.isEmpty {
            decoded.reserveCapacity(elements.count)
            let node = parent.appending(tail)
            for index in elements.indices {
                decoded.append(try state.unbox(elements[index], as: Element.self, parent: node, tail: .index(index)))
            }
        }
        // `Result` is `Self` (see `DecodingState.unbox`).
        return DecodingState.identical(decoded, as: Result.self)
    }
}

extension DecodingState {
    /// `type` as a ``DirectlyDecodedArray``, or `nil`; the answer is kept per type,
    /// since asking the runtime costs far more than a dictionary lookup.
    @inline(__always)
    func directlyDecodedArray<T>(_ type: T.Type) -> (any DirectlyDecodedArray.Type)? {
        let id = ObjectIdentifier(type)
        // Siblings are usually of one type: the last answer is tried first.
        if lastArrayType.id == id { return lastArrayType.array }
        let found: (any DirectlyDecodedArray.Type)?
        if let known = arrayTypes[id] {
            found = known
        } else {
            found = type as? any DirectlyDecodedArray.Type
            arrayTypes[id] = .some(found)
        }
        lastArrayType = (id, found)
        return found
    }
}
