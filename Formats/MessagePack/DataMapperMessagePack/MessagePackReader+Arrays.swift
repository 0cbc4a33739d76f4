import DataMapperCore

// Arrays: long ones through the walk's loop, short ones (one to four elements) by a
// path of their own that pairs of scalars leave with no trip through `containers`.
extension MessagePackReader {
    /// Reads `elements` values of an array at `depth` whose header starts at `start`;
    /// `inPlace` says how many levels of containers inside it are read in place (see
    /// `MessagePackReader+Containers.swift`).
    ///
    /// The values go on ``containers`` until the array is complete.
    ///
    /// - Returns: The array; `nil` when it waits on `open` for an element that is an
    ///   array or a map (see ``readTree()``).
    ///
    /// A call of its own, as ``readMap(count:depth:at:inPlace:)`` is: with it inlined,
    /// ``readContainer(depth:inPlace:)`` is no longer inlined into
    /// ``readNestedContainer(depth:inPlace:)``, and every nested map pays a call more.
    @inline(never)
    mutating func readArray(count elements: Int, depth: Int, at start: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if depth > depthLimit { throw depthError(at: start) }
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

    /// Reads one element of an array of more than four, at `depth`: as
    /// ``readItem(depth:inPlace:)``, but a short fixarray first, straight through
    /// ``readShortFixArray(depth:inPlace:)``, as long arrays are often made of them (a
    /// polygon's points, a matrix's rows).
    ///
    /// - Returns: The element; `nil` as for ``readItem(depth:inPlace:)``.
    @inline(__always)
    mutating func readArrayElement(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        if offset < count, Self.isShortFixArray(bytes[offset]) { return try readShortFixArray(depth: depth, inPlace: inPlace) }
        return try readItem(depth: depth, inPlace: inPlace)
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
        if depth + 1 > depthLimit { throw depthError(at: start) }
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
                guard let element = try readItem(depth: depth, inPlace: inPlace) else {
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
}
