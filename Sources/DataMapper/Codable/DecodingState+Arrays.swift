import DataMapperCore

/// Arrays whose elements the decoder reads itself, one by one from the value's
/// elements, instead of through `Array.init(from:)`.
///
/// The standard path costs, per array, a boxed `UnkeyedDecodingContainer` and a call
/// through that existential for every element; this one costs neither.
protocol DirectlyDecodedArray {
    /// The array of `elements` decoded one by one, each at its index under `tail`
    /// below `parent`.
    static func decodeElements(
        _ elements: SupportedArray, with state: DecodingState, parent: CodingPathNode, tail: PathTail
    ) throws -> Self
}

extension DirectlyDecodedArray {
    /// ``decodeElements(_:with:parent:tail:)`` returned as `Result`, which the caller
    /// found to be `Self`, so the cast cannot fail.
    ///
    /// The cast is made here, where `Self`'s metadata is at hand: made inside
    /// `Array`, it would look up `[Element]`'s metadata for every array, and made on
    /// the caller's existential, it would cost a cast out of an existential.
    static func decodeElements<Result>(
        _ elements: SupportedArray, with state: DecodingState, parent: CodingPathNode, tail: PathTail, as result: Result.Type
    ) throws -> Result {
        try decodeElements(elements, with: state, parent: parent, tail: tail) as! Result
    }
}

extension Array: DirectlyDecodedArray where Element: Decodable {
    static func decodeElements(
        _ elements: SupportedArray, with state: DecodingState, parent: CodingPathNode, tail: PathTail
    ) throws -> Self {
        var decoded: [Element] = []
        if !elements.isEmpty {
            decoded.reserveCapacity(elements.count)
            let node = parent.appending(tail)
            for index in elements.indices {
                decoded.append(try state.unbox(elements[index], as: Element.self, parent: node, tail: .index(index)))
            }
        }
        return decoded
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
