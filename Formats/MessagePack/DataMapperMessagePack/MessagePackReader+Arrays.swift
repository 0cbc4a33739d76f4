import DataMapperCore

// Arrays, and the reading of the items of arrays and maps: the paths most values of a
// document take, kept free of the general dispatch of `readValue()` where they can be.
extension MessagePackReader {
    /// Reads `elements` values of an array at `depth` whose header starts at `start`;
    /// `inPlace` says how many levels of containers inside it are read in place (see
    /// `MessagePackReader+Containers.swift`).
    ///
    /// The values go on ``containers`` until the array is complete.
    ///
    /// - Returns: The array; `nil` when it waits on `open` for an element that is an
    ///   array or a map (see ``readTree()``).
    mutating func readArray(count elements: Int, depth: Int, at start: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if depth > maxDepth { throw depthError(at: start) }
        // Every element takes at least one byte.
        if elements > remaining { throw tooManyItems(elements, "elements", of: "array", at: start) }
        if elements == 0 { return SupportedType(.array([]), position: .byteOffset(origin + start)) }
        if elements <= 4 {
            guard let items = try readShortArray(count: elements, depth: depth, at: start, inPlace: inPlace) else { return nil }
            return SupportedType(.array(items), position: .byteOffset(origin + start))
        }
        var array = OpenContainer(.array, at: start, count: elements, opening: containers.open())
        guard let complete = try readArrayElements(of: &array, depth: depth, inPlace: inPlace) else {
            open.append(array)
            return nil
        }
        return complete
    }

    /// Reads the elements of `array`, at `depth`, from its `index` on, onto
    /// ``containers``.
    ///
    /// - Returns: The array; `nil` when it waits for the element at `offset` (its
    ///   `index`), to be put aside by the caller.
    mutating func readArrayElements(of array: inout OpenContainer, depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        var index = array.index
        while index < array.count {
            do throws(DataMapperError) {
                guard let element = try readArrayElement(depth: depth, inPlace: inPlace) else {
                    array.index = index
                    return nil
                }
                containers.append(element)
            } catch {
                throw error.under(.index(index))
            }
            index += 1
        }
        return SupportedType(.array(containers.closeArray(array.opening)), position: .byteOffset(origin + array.start))
    }

    /// Reads one element of an array at `depth` of more than four: the short fixarrays
    /// long arrays are often made of (a polygon's points, a matrix's rows) first, then
    /// as ``readElement(depth:inPlace:)`` but for its last step: an array or a
    /// map in place when `inPlace` is above 0.
    ///
    /// - Returns: The element; `nil` when it is an array or a map to read after this
    ///   array is put aside (or one read in place put itself aside, waiting in turn,
    ///   and `offset` is at the item it waits for).
    @inline(__always)
    mutating func readArrayElement(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if offset < count, Self.isShortFixArray(bytes[offset]) { return try readShortFixArray(depth: depth, inPlace: inPlace) }
        if let scalar = readPlainScalar() { return scalar }
        if let item = try readItem(depth: depth) { return item }
        return inPlace > 0 ? try readContainer(depth: depth + 1, inPlace: inPlace - 1) : nil
    }

    /// Reads one value of a map, or one element of a short array, at `depth`: the
    /// scalars that fill most documents (see ``readPlainScalar()``) in place, without
    /// the call and the returned copy of ``readScalar()``; then through
    /// ``readItem(depth:)``; then through ``readNested(depth:inPlace:)``.
    ///
    /// - Returns: The value; `nil` as for ``readArrayElement(depth:inPlace:)``.
    @inline(__always)
    mutating func readElement(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if let leaf = try readLeaf(depth: depth) { return leaf }
        return try readNested(depth: depth, inPlace: inPlace)
    }

    /// Reads the array or map at `offset`, a value of a map or an element of a short
    /// array at `depth`: a short fixarray (a pair of coordinates, the indices of a span
    /// of text) when `inPlace` is not below 0, any other when it is above 0. A call of
    /// its own, so that the loops over items stay small.
    ///
    /// - Returns: The value; `nil` as for ``readArrayElement(depth:inPlace:)``.
    @inline(never)
    mutating func readNested(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if inPlace >= 0, Self.isShortFixArray(bytes[offset]) { return try readShortFixArray(depth: depth, inPlace: inPlace) }
        return inPlace > 0 ? try readContainer(depth: depth + 1, inPlace: inPlace - 1) : nil
    }

    /// Whether `byte` starts a fixarray of one to four elements.
    @inline(__always)
    static func isShortFixArray(_ byte: UInt8) -> Bool {
        byte &- 0x91 < 4
    }

    /// Reads the fixarray of one to four elements at `offset`, an item of a container
    /// at `depth` that reads `inPlace` levels of containers in place, with the checks
    /// and in the order ``readArray(count:depth:at:inPlace:)`` makes them, straight
    /// through ``readShortArray(count:depth:at:inPlace:)``.
    ///
    /// Long arrays of short ones, and maps of pairs, then skip the walk's dispatch for
    /// each of them.
    @inline(__always)
    mutating func readShortFixArray(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        let start = offset
        let elements = Int(bytes[start] & 0x0F)
        if depth + 1 > maxDepth { throw depthError(at: start) }
        offset += 1
        if elements > remaining { throw tooManyItems(elements, "elements", of: "array", at: start) }
        guard let items = try readShortArray(count: elements, depth: depth + 1, at: start, inPlace: inPlace - 1) else { return nil }
        return SupportedType(.array(items), position: .byteOffset(origin + start))
    }

    /// Reads the one to four elements of a short array (a point, a pair, a range) at
    /// `depth` whose header starts at `start`; `inPlace` says how many levels of
    /// containers inside it are read in place.
    ///
    /// A pair of scalars, the bulk of documents such as GeoJSON, becomes an array with
    /// no trip through ``containers``; any other short array goes through it like a
    /// longer one.
    ///
    /// - Returns: The array; `nil` when it waits on `open` for an element that is an
    ///   array or a map, the elements before it on ``containers``.
    mutating func readShortArray(count elements: Int, depth: Int, at start: Int, inPlace: Int) throws(DataMapperError) -> SupportedArray? {
        var index = 0
        do throws(DataMapperError) {
            let opening = containers.open()
            if elements == 2, let first = try readLeaf(depth: depth) {
                index = 1
                if let second = try readLeaf(depth: depth) { return [first, second] }
                // The second is an array or a map: the first goes on the stack before
                // anything inside the second does.
                containers.append(first)
            }
            while index < elements {
                guard let element = try readElement(depth: depth, inPlace: inPlace) else {
                    return waitInShortArray(at: start, count: elements, index: index, opening: opening)
                }
                containers.append(element)
                index += 1
            }
            return containers.closeArray(opening)
        } catch {
            throw error.under(.index(index))
        }
    }

    /// Puts a short array aside on `open`, waiting for its element number `index`.
    private mutating func waitInShortArray(
        at start: Int, count: Int, index: Int, opening: ContainerBuilder.Opening
    ) -> SupportedArray? {
        var array = OpenContainer(.array, at: start, count: count, opening: opening)
        array.index = index
        open.append(array)
        return nil
    }

    /// Reads one item of a container at `depth` when it is not an array or a map with
    /// items: as ``readElement(depth:inPlace:)`` without its last step.
    ///
    /// - Returns: The item; `nil`, moving nowhere, when it is an array or a map with items.
    @inline(__always)
    mutating func readLeaf(depth: Int) throws(DataMapperError) -> SupportedType? {
        if let scalar = readPlainScalar() { return scalar }
        return try readItem(depth: depth)
    }

    /// Reads a value that is not a plain scalar, inside an array or a map at `depth`:
    /// a fixstr straight through ``readFixStr(_:at:)``, an empty array or map in place,
    /// any other scalar through ``readScalar()``.
    ///
    /// - Returns: The value; `nil`, moving nowhere, when it is an array or map with
    ///   items.
    @inline(__always)
    mutating func readItem(depth: Int) throws(DataMapperError) -> SupportedType? {
        guard offset < count else { throw endOfInput(at: offset) }
        let byte = bytes[offset]
        if byte & 0xE0 == 0xA0 {
            offset += 1
            return try readFixStr(byte, at: offset - 1)
        }
        guard Self.startsContainer(byte) else { return try readScalar() }
        // Empty ones, the usual placeholders of records, end where they start.
        guard byte == 0x90 || byte == 0x80 else { return nil }
        return try readEmptyContainer(depth: depth)
    }

    /// Reads the empty array or map at `offset`, an item of a container at `depth`,
    /// its depth checked as any other's.
    @inline(never)
    mutating func readEmptyContainer(depth: Int) throws(DataMapperError) -> SupportedType {
        let start = offset
        if depth + 1 > maxDepth { throw depthError(at: start) }
        offset += 1
        let kind: SupportedType.Kind = bytes[start] == 0x90 ? .array([]) : .dictionary(OrderedMap())
        return SupportedType(kind, position: .byteOffset(origin + start))
    }

    /// Whether `byte` starts an array or a map.
    @inline(__always)
    static func startsContainer(_ byte: UInt8) -> Bool {
        byte & 0xE0 == 0x80 || byte &- 0xDC < 4
    }

    /// The value at `offset` when it is a small integer, a float, nil or a boolean whose
    /// bytes are all there, moving past it; otherwise `nil`, moving nowhere.
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
}
