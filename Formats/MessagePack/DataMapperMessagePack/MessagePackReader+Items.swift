import DataMapperCore

// The items of arrays and maps, in three layers, each trying the one before it first
// (see the map in `MessagePackReader.swift`). Most items of a document are scalars, so
// the first layers are inlined into the loops over items; what is rarer is a call of
// its own, which keeps those loops small.
extension MessagePackReader {
    // MARK: - 1. Plain scalars

    /// The value at `offset` when it is a fixint, nil, a boolean or a float whose
    /// bytes are all there, moving past it; otherwise `nil`, moving nowhere.
    ///
    /// Each of them has a size its header byte fixes, so one comparison with what is
    /// left makes it safe to read; this layer neither throws nor calls.
    @inline(__always)
    mutating func readPlainScalar() -> SupportedType? {
        guard offset < count else { return nil }
        let byte = bytes[offset]
        let position = SourcePosition.byteOffset(origin + offset)
        let left = count - offset
        switch byte {
        case 0x00...0x7F:
            offset += 1
            return SupportedType(.int(Int(byte)), position: position)
        case 0xE0...0xFF:
            offset += 1
            return SupportedType(.int(Int(Int8(bitPattern: byte))), position: position)
        case 0xC0:
            offset += 1
            return SupportedType(.null, position: position)
        case 0xC2, 0xC3:
            offset += 1
            return SupportedType(.bool(byte == 0xC3), position: position)
        case 0xCB where left >= 9:
            offset += 1
            return SupportedType(.double(Double(bitPattern: load(UInt64.self))), position: position)
        case 0xCA where left >= 5:
            offset += 1
            return SupportedType(.double(Double(Float(bitPattern: load(UInt32.self)))), position: position)
        default:
            return nil
        }
    }

    // MARK: - 2. Leaves

    /// Reads the item at `offset` when it is a leaf of the tree, an item that ends
    /// where it starts: a plain scalar in place, a fixstr through
    /// ``readFixStr(_:at:)``, any other scalar through ``readScalar()``, an empty
    /// array or map (the usual placeholders of records) through
    /// ``readEmptyContainer(depth:)``, its depth that of an item at `depth`.
    ///
    /// - Returns: The leaf; `nil`, moving nowhere, when the item is an array or a map
    ///   with items.
    @inline(__always)
    mutating func readLeaf(depth: Int) throws(DataMapperError) -> SupportedType? {
        if let scalar = readPlainScalar() { return scalar }
        guard offset < count else { throw endOfInput(at: offset) }
        let byte = bytes[offset]
        if byte & 0xE0 == 0xA0 {
            offset += 1
            return try readFixStr(byte, at: offset - 1)
        }
        guard Self.startsContainer(byte) else { return try readScalar() }
        guard byte == 0x90 || byte == 0x80 else { return nil }
        return try readEmptyContainer(depth: depth)
    }

    /// Reads the empty array or map at `offset`, an item of a container at `depth`,
    /// its depth checked as any other's. A call of its own, so that the loops over
    /// items, into which ``readLeaf(depth:)`` is inlined, stay small.
    @inline(never)
    mutating func readEmptyContainer(depth: Int) throws(DataMapperError) -> SupportedType {
        let start = offset
        if depth + 1 > depthLimit { throw depthError(at: start) }
        offset += 1
        let kind: SupportedType.Kind = bytes[start] == 0x90 ? .array([]) : .dictionary(OrderedMap())
        return SupportedType(kind, position: .byteOffset(origin + start))
    }

    // MARK: - 3. Any item

    /// Reads the item at `offset`, a value of a map or an element of an array at
    /// `depth`: a leaf (``readLeaf(depth:)``), else an array or a map with items
    /// through ``readNestedContainer(depth:inPlace:)``.
    ///
    /// - Returns: The item; `nil` when it is an array or a map to read after its
    ///   container is put aside (or one read in place put itself aside, waiting in
    ///   turn, and `offset` is at the item it waits for).
    @inline(__always)
    mutating func readItem(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if let leaf = try readLeaf(depth: depth) { return leaf }
        return try readNestedContainer(depth: depth, inPlace: inPlace)
    }

    /// Reads the array or map with items at `offset`, an item of a container at
    /// `depth`: a short fixarray (a pair of coordinates, the indices of a span of
    /// text) when `inPlace` is not below 0, any other when it is above 0.
    ///
    /// A call of its own, so that the loops over items, into which the layers before
    /// it are inlined, stay small.
    ///
    /// - Returns: The container; `nil` as for ``readItem(depth:inPlace:)``.
    @inline(never)
    mutating func readNestedContainer(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if inPlace >= 0, Self.isShortFixArray(bytes[offset]) { return try readShortFixArray(depth: depth, inPlace: inPlace) }
        return inPlace > 0 ? try readContainer(depth: depth + 1, inPlace: inPlace - 1) : nil
    }

    // MARK: - Header bytes

    /// Whether `byte` starts an array or a map.
    @inline(__always)
    static func startsContainer(_ byte: UInt8) -> Bool {
        byte & 0xE0 == 0x80 || byte &- 0xDC < 4
    }

    /// Whether `byte` starts a fixarray of one to four elements.
    @inline(__always)
    static func isShortFixArray(_ byte: UInt8) -> Bool {
        byte &- 0x91 < 4
    }
}
