import DataMapper

// MARK: - Arrays and maps, without recursion per level

// The writer does not recurse per level of nesting: a value nested as deep as the
// limits allow is written in a bounded number of frames of call stack, so that
// `ParsingLimits.maxDepth`'s default fits a 512 KiB thread in a debug build too.
//
// A container is written by a loop over its items. Scalars are written in place, and
// so are the containers inside it down to `levelsInPlace` levels (the pairs of a
// polygon, the records of a list), by the same loops: the call stack never holds more
// than `levelsInPlace + 1` container loops, however deep the value. Past them, a
// container's header is written and it stops, and so do the containers around it that
// were written in place, each noting the item it waits for; they go on `open`, the
// writer's own stack. `writeWaiting()` then writes the items of the container on top of
// `open`, and once it is done, takes it off and goes on with the next item of the one
// below.
extension MessagePackWriter {
    /// How many levels of containers inside the one the walk writes are written in
    /// place, which bounds the container loops on the call stack. Values seldom nest
    /// much deeper than this, so most are written without putting anything on `open`.
    static let levelsInPlace = 8

    /// An array or a map being written, stopped to wait for one of its items.
    struct OpenContainer {
        /// The storage of a container that has its own: it is lent anew to each loop
        /// over it, so no pointer into it outlives the loop, and held on
        /// ``MessagePackWriter/owners`` while the container waits, which costs one
        /// retain and release for the whole container.
        enum Owner {
            case array(SupportedArray)
            case map(OrderedMap)
        }

        /// Its values, when they lie in slabs a parser filled, which the value being
        /// written keeps alive and unchanged for the whole write
        /// (``SupportedType/slabContents``); empty when it has storage of its own.
        let values: UnsafeBufferPointer<SupportedType>
        /// Its keys, when it is a map in a slab.
        let keys: UnsafeBufferPointer<String>?
        /// Whether it has storage of its own, on ``MessagePackWriter/owners``.
        let owned: Bool
        /// The number of the item it waits for.
        var index: Int
        /// The keys left of a map whose key list was met before, already encoded (see
        /// ``KeyRuns``): the next key's bytes are at this place.
        var encodedKey: UnsafePointer<UInt8>?

        /// A container stopped to wait for its item number `index` (-1 when it stopped
        /// before its first).
        init(
            values: UnsafeBufferPointer<SupportedType>, keys: UnsafeBufferPointer<String>?, owned: Bool,
            index: Int, encodedKey: UnsafePointer<UInt8>? = nil
        ) {
            // A container with storage of its own keeps no pointer into it.
            (self.values, self.keys) = owned ? (UnsafeBufferPointer(start: nil, count: 0), nil) : (values, keys)
            (self.owned, self.index, self.encodedKey) = (owned, index, encodedKey)
        }
    }

    // MARK: - The walk

    /// Puts `container`, which stopped to wait, on `open`. The containers around it
    /// that were written in place stop after it, innermost first, so the one that took
    /// them up turns their order round (``settleWaiting(above:owners:)``). One with
    /// storage of its own puts it on ``owners`` next (``putAside(owner:)``).
    @inline(never)
    mutating func putAside(_ container: OpenContainer) {
        open.append(container)
    }

    /// Puts the storage of the container with storage of its own that just stopped on
    /// ``owners``.
    @inline(never)
    mutating func putAside(owner: OpenContainer.Owner) {
        owners.append(owner)
    }

    /// Puts in order the containers that stopped above the first `count` on `open`,
    /// and their storage above the first `ownerCount` on ``owners``: outermost first.
    mutating func settleWaiting(above count: Int, owners ownerCount: Int) {
        open[count...].reverse()
        owners[ownerCount...].reverse()
    }

    /// Writes the containers on `open`, the top one's items first, until none is left.
    mutating func writeWaiting() throws(DataMapperError) {
        do throws(DataMapperError) {
            while let top = open.indices.last {
                var container = open[top]
                let ownerCount = owners.count
                // The containers below it on `open` are those around it.
                let depth = top + 1
                inPlaceLimit = depth + Self.levelsInPlace
                // The item it waited for is written.
                container.index += 1
                let done: Bool
                if container.owned {
                    switch owners[owners.count - 1] {
                    case .array(let array):
                        done = try array.withUnsafeBufferPointer { (values) throws(DataMapperError) in
                            try writeElements(values, from: &container.index, depth: depth)
                        }
                    case .map(let map):
                        done = try map.withUnsafeKeysAndValues { (keys, values) throws(DataMapperError) in
                            try writeEntries(keys: keys, values: values, from: &container.index, encodedKey: &container.encodedKey, depth: depth)
                        }
                    }
                } else if let keys = container.keys {
                    done = try writeEntries(keys: keys, values: container.values, from: &container.index, encodedKey: &container.encodedKey, depth: depth)
                } else {
                    done = try writeElements(container.values, from: &container.index, depth: depth)
                }
                if done {
                    open.removeLast()
                    if container.owned { owners.removeLast() }
                } else {
                    open[top] = container
                    settleWaiting(above: top + 1, owners: ownerCount)
                }
            }
        } catch {
            throw locating(error)
        }
    }

    /// `error`, thrown inside the container on top of `open`, whose own step is in its
    /// path already, with the steps of those below put in front: the index or key of
    /// the item each waits for. The stacks are emptied, the write being over.
    mutating func locating(_ error: DataMapperError) -> DataMapperError {
        var steps: [DataPath.Component] = []
        var owner = 0
        for container in open.dropLast() {
            if !container.owned {
                steps.append(container.keys.map { .key($0[container.index]) } ?? .index(container.index))
                continue
            }
            switch owners[owner] {
            case .array: steps.append(.index(container.index))
            case .map(let map): steps.append(.key(map.keys[container.index]))
            }
            owner += 1
        }
        open.removeAll()
        owners.removeAll()
        return steps.isEmpty ? error : error.nested(under: DataPath(steps))
    }

    // MARK: - Containers

    /// Writes an array of `elements` at `depth`: its header, then, when it is not
    /// deeper than ``inPlaceLimit``, its elements, each where it lies, borrowed,
    /// without a copy. `owned` says whether the elements lie in storage of the array's
    /// own, which the caller then puts aside (``putAside(owner:)``) should it stop.
    ///
    /// - Returns: `true` once it is written; `false` when it stopped to wait
    ///   (``putAside(_:)``).
    mutating func writeArray(_ elements: UnsafeBufferPointer<SupportedType>, depth: Int, owned: Bool) throws(DataMapperError) -> Bool {
        if depth > options.limits.maxDepth { throw depthError() }
        try writeContainerHeader(elements.count, fixed: 0x90, sixteen: 0xDC, thirtyTwo: 0xDD, what: "an array")
        var index = 0
        if depth <= inPlaceLimit {
            if try writeElements(elements, from: &index, depth: depth) { return true }
        } else {
            // Written by the walk, from the item after the one "before the first".
            index = -1
        }
        putAside(OpenContainer(values: elements, keys: nil, owned: owned, index: index))
        return false
    }

    /// Writes a map of `keys` and `values` at `depth`, as
    /// ``writeArray(_:depth:owned:)`` writes an array; the keys of a key list met
    /// before are copied already encoded (see ``KeyRuns``).
    mutating func writeMap(
        keys: UnsafeBufferPointer<String>, values: UnsafeBufferPointer<SupportedType>, depth: Int, owned: Bool
    ) throws(DataMapperError) -> Bool {
        if depth > options.limits.maxDepth { throw depthError() }
        try writeContainerHeader(min(keys.count, values.count), fixed: 0x80, sixteen: 0xDE, thirtyTwo: 0xDF, what: "a map")
        var encodedKey = keys.baseAddress == nil || values.baseAddress == nil ? nil : encodedKeys(keys)
        var index = 0
        if depth <= inPlaceLimit {
            if try writeEntries(keys: keys, values: values, from: &index, encodedKey: &encodedKey, depth: depth) { return true }
        } else {
            index = -1
        }
        putAside(OpenContainer(values: values, keys: keys, owned: owned, index: index, encodedKey: encodedKey))
        return false
    }

    /// Writes `elements` from `index` on, each where it lies; an array at `depth`.
    ///
    /// - Returns: `true` once they are all written; `false` when it stopped to wait for
    ///   its element number `index`.
    @inline(__always)
    mutating func writeElements(
        _ elements: UnsafeBufferPointer<SupportedType>, from index: inout Int, depth: Int
    ) throws(DataMapperError) -> Bool {
        guard let base = elements.baseAddress else { return true }
        var place = index
        while place < elements.count {
            do throws(DataMapperError) {
                if try !writeItem(at: base + place, depth: depth) {
                    index = place
                    return false
                }
            } catch {
                throw error.under(.index(place))
            }
            place += 1
        }
        return true
    }

    /// Writes the entries of `keys` and `values`, in order, from `index` on, each
    /// where it lies; a map at `depth`. The keys of a key list met before are copied
    /// already encoded from `encodedKey` on (see ``KeyRuns``).
    ///
    /// - Returns: As ``writeElements(_:from:depth:)``.
    @inline(__always)
    mutating func writeEntries(
        keys: UnsafeBufferPointer<String>, values: UnsafeBufferPointer<SupportedType>, from index: inout Int,
        encodedKey: inout UnsafePointer<UInt8>?, depth: Int
    ) throws(DataMapperError) -> Bool {
        guard let keyBase = keys.baseAddress, let valueBase = values.baseAddress else { return true }
        let count = min(keys.count, values.count)
        var place = index
        var key = encodedKey
        while place < count {
            do throws(DataMapperError) {
                if let encoded = key {
                    let length = KeyRuns.length(ofKeyAt: encoded)
                    buffer.append(UnsafeRawBufferPointer(start: encoded, count: length))
                    key = encoded + length
                } else {
                    try writeString(at: keyBase + place)
                }
                if try !writeItem(at: valueBase + place, depth: depth) {
                    (index, encodedKey) = (place, key)
                    return false
                }
            } catch {
                throw error.under(.key(keys[place]))
            }
            place += 1
        }
        return true
    }

    /// Writes the value at `pointer`, which stays valid and unchanged while it is
    /// written, an item of a container at `depth`: the scalars that fill most documents
    /// here, at once, anything else through ``writeOther(at:depth:)``.
    ///
    /// - Returns: `false` when it is an array or a map that stopped to wait.
    @inline(__always)
    mutating func writeItem(at pointer: UnsafePointer<SupportedType>, depth: Int) throws(DataMapperError) -> Bool {
        switch Self.scalar(pointer.pointee) {
        case .null:
            buffer.append(0xC0)
        case .bool(let flag):
            buffer.append(flag ? 0xC3 : 0xC2)
        case .integer(let integer):
            writeInteger(integer)
        case .double(let number):
            writeDouble(number)
        case .other:
            return try writeOther(at: pointer, depth: depth)
        }
        return true
    }
}
