import DataMapperCore

/// The unkeyed container over an array's elements.
struct UnkeyedDecoding: UnkeyedDecodingContainer {
    let state: DecodingState
    let elements: SupportedArray
    /// The container's path, or `nil` when it is the decoder's current value (whose
    /// node the decoder makes only when needed).
    let node: CodingPathNode?
    private(set) var currentIndex = 0

    init(state: DecodingState, elements: SupportedArray, node: CodingPathNode?) {
        self.state = state
        self.elements = elements
        self.node = node
    }

    var codingPath: [any CodingKey] { node?.path ?? state.codingPath }

    /// The container's path, made now if it was not yet.
    var resolvedNode: CodingPathNode { node ?? state.node }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    /// The current element, or a `valueNotFound` error at the end.
    @inline(__always)
    func current(_ type: Any.Type) throws -> SupportedType {
        guard currentIndex < elements.count else { throw state.endOfArray(type, in: resolvedNode, index: currentIndex) }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard case .null = try current(Never.self).kind else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let result = try state.unboxBool(current(type), parent: resolvedNode, tail: .index(currentIndex))
        currentIndex += 1
        return result
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let result = try state.unboxString(current(type), parent: resolvedNode, tail: .index(currentIndex))
        currentIndex += 1
        return result
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let result = try state.unboxDouble(current(type), parent: resolvedNode, tail: .index(currentIndex))
        currentIndex += 1
        return result
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let result = try state.unboxFloat(current(type), parent: resolvedNode, tail: .index(currentIndex))
        currentIndex += 1
        return result
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    @inline(__always)
    mutating func integer<T: FixedWidthInteger>() throws -> T {
        let result = try state.unboxInteger(current(T.self), as: T.self, parent: resolvedNode, tail: .index(currentIndex))
        currentIndex += 1
        return result
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let result = try state.unbox(current(type), as: T.self, parent: resolvedNode, tail: .index(currentIndex))
        currentIndex += 1
        return result
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let value = try current(KeyedDecodingContainer<NestedKey>.self)
        let container = try state.keyedContainer(for: value, node: resolvedNode.appending(.index(currentIndex)), keyedBy: type)
        currentIndex += 1
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let value = try current((any UnkeyedDecodingContainer).self)
        let container = try state.unkeyedContainer(for: value, node: resolvedNode.appending(.index(currentIndex)))
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let value = try current((any Decoder).self)
        let decoder = state.superDecoder(for: value, node: resolvedNode.appending(.index(currentIndex)))
        currentIndex += 1
        return decoder
    }
}
