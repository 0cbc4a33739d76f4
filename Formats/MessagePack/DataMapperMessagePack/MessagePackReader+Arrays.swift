@_spi(Parsing) import DataMapper

// Arrays, and the reading of the items of arrays and maps: the paths most values of a
// document take, kept free of the general dispatch of `readValue(depth:)` where they can be.
extension MessagePackReader {
    /// Reads `elements` values of an array whose header starts at `start`.
    ///
    /// The values go on the slab writer's stack and from there into a slab, or into an
    /// array of their own when there are many (see ``ElementSlabWriter``).
    mutating func readArray(count elements: Int, depth: Int, at start: Int) throws(DataMapperError) -> SupportedArray {
        if depth > maxDepth { throw depthError(at: start) }
        // Every element takes at least one byte.
        if elements > remaining { throw tooManyItems(elements, "elements", of: "array", at: start) }
        if elements == 0 { return [] }
        if elements <= 4 { return try readShortArray(count: elements, depth: depth) }
        let opening = slabs.open()
        if elements > ElementSlabWriter.largestSlabArray {
            // Too long for a slab: appended to directly, without a trip through the stack.
            var array: [SupportedType] = []
            array.reserveCapacity(elements)
            for index in 0..<elements {
                do throws(DataMapperError) {
                    array.append(try readArrayElement(depth: depth))
                } catch {
                    throw error.under(.index(index))
                }
            }
            slabs.closeOwned(opening)
            return SupportedArray(array)
        }
        for index in 0..<elements {
            do throws(DataMapperError) {
                slabs.append(try readArrayElement(depth: depth))
            } catch {
                throw error.under(.index(index))
            }
        }
        return slabs.closeArray(opening)
    }

    /// Reads one element of an array of more than four: ``readElement(depth:)`` with
    /// short fixarrays (a polygon's points, a matrix's rows) first.
    @inline(__always)
    mutating func readArrayElement(depth: Int) throws(DataMapperError) -> SupportedType {
        // readElement(depth:) spelled out rather than called: through the call, the
        // element loops compile to more instructions, paid on every item of the long
        // arrays of numbers that documents such as GeoJSON are made of.
        if let short = try readShortFixArray(depth: depth) { return short }
        if let scalar = readPlainScalar() { return scalar }
        return try readItem(depth: depth)
    }

    /// When the value at `offset` is a fixarray of one to four elements, reads it
    /// straight through ``readShortArray(count:depth:)``; otherwise moves nowhere and
    /// gives `nil`. `depth` is that of the enclosing array.
    ///
    /// Long arrays of short ones (a polygon's points, a matrix's rows) then skip the
    /// call to ``readArray(count:depth:at:)`` for each item.
    @inline(__always)
    mutating func readShortFixArray(depth: Int) throws(DataMapperError) -> SupportedType? {
        guard offset < count else { return nil }
        let start = offset
        let byte = bytes[start]
        let elements = Int(byte & 0x0F)
        guard byte & 0xF0 == 0x90, elements > 0, elements <= 4 else { return nil }
        // The same checks, in the same order, as readArray's.
        if depth + 1 > maxDepth { throw depthError(at: start) }
        offset += 1
        if elements > remaining { throw tooManyItems(elements, "elements", of: "array", at: start) }
        let items = try readShortArray(count: elements, depth: depth + 1)
        return SupportedType(.array(items), position: .byteOffset(origin + start))
    }

    /// Reads the one to four elements of a short array (a point, a pair, a range).
    ///
    /// A pair of scalars, the bulk of documents such as GeoJSON, goes into the reader's
    /// pair slab with no trip through the stack of pending values; any other short
    /// array goes into the tree slab like a longer one.
    mutating func readShortArray(count elements: Int, depth: Int) throws(DataMapperError) -> SupportedArray {
        // One place adds the index to an error's path: each catch site costs stack in
        // every frame of the recursion, and deep documents must fit small stacks.
        var index = 0
        do throws(DataMapperError) {
            let opening = slabs.open()
            let first = try readElement(depth: depth)
            if elements == 2 {
                index = 1
                let second = try readElement(depth: depth)
                return slabs.closePair(opening, first, second)
            }
            slabs.append(first)
            while index + 1 < elements {
                index += 1
                slabs.append(try readElement(depth: depth))
            }
            return slabs.closeArray(opening)
        } catch {
            throw error.under(.index(index))
        }
    }

    /// Reads one element of an array or one value of a map: the scalars that fill most
    /// documents (see ``readPlainScalar()``) in place, without the call and the returned
    /// copy of ``readValue(depth:)``; anything else, and every fault, through
    /// ``readItem(depth:)``.
    @inline(__always)
    mutating func readElement(depth: Int) throws(DataMapperError) -> SupportedType {
        if let scalar = readPlainScalar() { return scalar }
        return try readItem(depth: depth)
    }

    /// Reads a value that is not a plain scalar, inside an array or a map at `depth`.
    ///
    /// Arrays and maps of up to fifteen items, the usual nested ones, go straight to
    /// ``readArray(count:depth:at:)`` or ``readMap(count:depth:at:)``: the recursion then
    /// skips the frames of ``readValue(depth:)`` and ``readCollection(depth:)``, which
    /// costs time and, in deep documents, stack.
    @inline(__always)
    mutating func readItem(depth: Int) throws(DataMapperError) -> SupportedType {
        if offset < count {
            let start = offset
            let byte = bytes[start]
            if byte & 0xF0 == 0x90 {
                offset += 1
                let elements = try readArray(count: Int(byte & 0x0F), depth: depth + 1, at: start)
                return SupportedType(.array(elements), position: .byteOffset(origin + start))
            }
            if byte & 0xF0 == 0x80 {
                offset += 1
                let entries = try readMap(count: Int(byte & 0x0F), depth: depth + 1, at: start)
                return SupportedType(.dictionary(entries), position: .byteOffset(origin + start))
            }
            if byte & 0xE0 == 0xA0 {
                offset += 1
                return try readFixStr(byte, at: start)
            }
        }
        return try readValue(depth: depth)
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
