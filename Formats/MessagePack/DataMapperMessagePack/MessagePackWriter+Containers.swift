import DataMapperCore

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
        /// The array or map, held while it waits, which costs one retain and release
        /// for the whole container; it is lent anew to each loop over it, so no
        /// pointer into it outlives the loop.
        enum Storage {
            case array(SupportedArray)
            case map(OrderedMap)
        }

        let storage: Storage
        /// The number of the item it waits for; -1 when it stopped before its first.
        var index: Int
    }

    // MARK: - The walk

    /// Puts `container`, which stopped to wait, on `open`. The containers around it
    /// that were written in place stop after it, innermost first, so the one that took
    /// them up turns their order round (``settleWaiting(above:)``).
    @inline(never)
    mutating func putAside(_ container: OpenContainer) {
        open.append(container)
    }

    /// Puts in order the containers that stopped above the first `count` on `open`:
    /// outermost first.
    mutating func settleWaiting(above count: Int) {
        open[count...].reverse()
    }

    /// Writes the containers on `open`, the top one's items first, until none is left.
    mutating func writeWaiting() throws(DataMapperError) {
        do throws(DataMapperError) {
            while let top = open.indices.last {
                var container = open[top]
                // The containers below it on `open` are those around it.
                let depth = baseDepth + top + 1
                inPlaceLimit = depth + Self.levelsInPlace
                // The item it waited for is written.
                container.index += 1
                let done: Bool
                switch container.storage {
                case .array(let array):
                    done = try array.withUnsafeBufferPointer { (values) throws(DataMapperError) in
                        try writeElements(values, from: &container.index, depth: depth)
                    }
                case .map(let map):
                    done = try map.withUnsafeKeysAndValues { (keys, values) throws(DataMapperError) in
                        try writeEntries(keys: keys, values: values, from: &container.index, depth: depth)
                    }
                }
                if done {
                    open.removeLast()
                } else {
                    open[top] = container
                    settleWaiting(above: top + 1)
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
        for container in open.dropLast() {
            switch container.storage {
            case .array: steps.append(.index(container.index))
            case .map(let map): steps.append(.key(map.keys[container.index]))
            }
        }
        open.removeAll()
        return steps.isEmpty ? error : error.nested(under: DataPath(steps))
    }

    // MARK: - Containers

    /// Writes an array of `elements` at `depth`: its header, then, when it is not
    /// deeper than ``inPlaceLimit``, its elements, each where it lies, borrowed,
    /// without a copy.
    ///
    /// - Returns: `true` once it is written; `false` when it stopped to wait for its
    ///   element number `index`, for the caller to put it aside (``putAside(_:)``).
    mutating func writeArray(
        _ elements: UnsafeBufferPointer<SupportedType>, depth: Int, index: inout Int
    ) throws(DataMapperError) -> Bool {
        try openContainer(isMap: false, count: elements.count, depth: depth)
        guard depth <= inPlaceLimit else {
            // Written by the walk, from the item after the one "before the first".
            index = -1
            return false
        }
        return try writeElements(elements, from: &index, depth: depth)
    }

    /// Writes a map of `keys` and `values` at `depth`, as
    /// ``writeArray(_:depth:index:)`` writes an array.
    mutating func writeMap(
        keys: UnsafeBufferPointer<String>, values: UnsafeBufferPointer<SupportedType>, depth: Int, index: inout Int
    ) throws(DataMapperError) -> Bool {
        try openContainer(isMap: true, count: min(keys.count, values.count), depth: depth)
        guard depth <= inPlaceLimit else {
            index = -1
            return false
        }
        return try writeEntries(keys: keys, values: values, from: &index, depth: depth)
    }

    /// Checks the depth of an array or map of `count` items at `depth` (1 for the
    /// root) and writes its header; its items follow it.
    @inline(__always)
    mutating func openContainer(isMap: Bool, count: Int, depth: Int) throws(DataMapperError) {
        if depth > options.limits.maxDepth { throw depthError() }
        if isMap {
            try writeContainerHeader(count, fixed: 0x80, sixteen: 0xDE, thirtyTwo: 0xDF, what: "a map")
        } else {
            try writeContainerHeader(count, fixed: 0x90, sixteen: 0xDC, thirtyTwo: 0xDD, what: "an array")
        }
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
    /// where it lies; a map at `depth`.
    ///
    /// - Returns: As ``writeElements(_:from:depth:)``.
    @inline(__always)
    mutating func writeEntries(
        keys: UnsafeBufferPointer<String>, values: UnsafeBufferPointer<SupportedType>, from index: inout Int,
        depth: Int
    ) throws(DataMapperError) -> Bool {
        guard let keyBase = keys.baseAddress, let valueBase = values.baseAddress else { return true }
        let count = min(keys.count, values.count)
        var place = index
        while place < count {
            do throws(DataMapperError) {
                try writeString(at: keyBase + place)
                if try !writeItem(at: valueBase + place, depth: depth) {
                    index = place
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
