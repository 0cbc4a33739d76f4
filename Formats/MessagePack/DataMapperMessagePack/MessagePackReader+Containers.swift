import DataMapperCore

// MARK: - Arrays and maps, without recursion per level

// The reader does not recurse per level of nesting: a document nested as deep as the
// limits allow is read in a bounded number of frames of call stack, so that
// `ParsingLimits.maxDepth`'s default fits a 512 KiB thread in a debug build too.
//
// A container is read by a loop over its items, its state in locals. Scalars, short
// arrays of scalars and empty containers are read in place, and so are the containers
// inside it down to `levelsInPlace` levels (a list of records, the maps of a map), by
// the same loops with one level less to go, and short arrays one level further: the
// call stack never holds more than `levelsInPlace + 2` container loops, however deep
// the document. Past them, the containers being read
// are put aside on `open`, the reader's own stack, with what they need to go on later:
// MessagePack gives every count up front, so that is how many items each has and which
// one it waits for. The walk in `readTree()` then reads that item, and once it is
// complete, gives it to the container on top of `open`, which reads on from there.
extension MessagePackReader {
    /// An array or a map put aside while an array or map inside it is read.
    struct OpenContainer {
        enum Kind {
            /// An array, waiting for its element number `index`. Its elements so far
            /// are on ``MessagePackReader/containers``.
            case array
            /// A map, waiting for the value of its entry number `index`; its keys are on the reader's key stack, and the rest of its
            /// state on ``MessagePackReader/mapStates``.
            case map
            /// A map whose key number `index` is an array or a map:
            /// read to the end, for the faults in it, then refused.
            case mapKey
        }

        var kind: Kind
        /// Where its header starts.
        let start: Int
        /// How many elements or entries it declares.
        let count: Int
        /// The number of the item being read.
        var index = 0
        /// Where its values start on ``MessagePackReader/containers``.
        let opening: ContainerBuilder.Opening
        /// Where a map's key offsets start on ``MessagePackReader/keyOffsets``.
        var keyOffsetBase = 0

        init(_ kind: Kind, at start: Int, count: Int, opening: ContainerBuilder.Opening) {
            self.kind = kind
            self.start = start
            self.count = count
            self.opening = opening
        }
    }

    /// What a map keeps besides its values while it is read:
    /// ``readEntries(of:depth:inPlace:state:)`` keeps it in locals, and it goes on
    /// ``MessagePackReader/mapStates`` while the map is put aside.
    struct MapState {
        /// Where the map's keys start on the reader's key stack (``keys``, ``fingerprints``).
        var keyBase: Int
        /// Finds the map's repeated keys.
        var finder = RepeatedKeyFinder()
        /// The key of the value being read when the map was put aside, its fingerprint,
        /// and where the key starts.
        var key = ""
        var fingerprint: UInt64 = 0
        var keyOffset = 0
    }

    // MARK: - The walk

    /// How many levels of containers inside the one the walk reads are read in place,
    /// which bounds the container loops on the call stack. Documents seldom
    /// nest much deeper than this, so most are read without putting anything aside,
    /// which costs a copy of the container's state each way.
    static let levelsInPlace = 8

    /// Reads the array or map whose header is at `offset`, and everything in it.
    ///
    /// Two steps take turns. Going down reads the container at `offset` up to its end,
    /// or up to an item that is an array or a map it cannot read in place: the
    /// container then waits on `open`, and `offset` is at that item, the next to go
    /// down into. Going up hands a complete container to the one on top of `open`,
    /// which reads on, until one has another container to go down into, or the
    /// outermost is complete.
    mutating func readTree() throws(DataMapperError) -> SupportedType {
        do {
            down: while true {
                var above = Heights(of: self)
                // The containers put aside are those around the one at `offset`.
                guard var value = try readContainer(depth: open.count + 1, inPlace: Self.levelsInPlace) else {
                    settleWaiting(above: above)
                    continue down
                }
                while !open.isEmpty {
                    above = Heights(of: self)
                    guard let next = try resume(with: value) else {
                        settleWaiting(above: above)
                        continue down
                    }
                    value = next
                }
                return value
            }
        } catch {
            throw locating(error)
        }
    }

    /// How high the reader's stacks were before a container was taken up.
    struct Heights {
        let open: Int
        let mapStates: Int

        init(of reader: borrowing MessagePackReader) {
            (open, mapStates) = (reader.open.count, reader.mapStates.count)
        }
    }

    /// Puts in order the containers that went on the stacks above `above`: a container
    /// that waits goes on them after those it read in place that wait too, innermost
    /// first, so their order is turned round, outermost first.
    mutating func settleWaiting(above: Heights) {
        open[above.open...].reverse()
        mapStates[above.mapStates...].reverse()
    }

    /// Reads the array or map at `depth` whose header is at `offset`, up to its end or
    /// up to an item that is an array or a map it does not read in place (see
    /// ``readTree()``); `inPlace` says how many levels of containers inside it are.
    ///
    /// - Returns: The container; `nil` when it waits on `open`.
    @inline(__always)
    mutating func readContainer(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        let start = offset
        let byte = bytes[start]
        guard byte & 0xE0 == 0x80 else { return try readLongHeaderContainer(depth: depth, inPlace: inPlace) }
        offset += 1
        if byte & 0x10 == 0 { return try readMap(count: Int(byte & 0x0F), depth: depth, at: start, inPlace: inPlace) }
        return try readArray(count: Int(byte & 0x0F), depth: depth, at: start, inPlace: inPlace)
    }

    /// Reads the array or map with a 16- or 32-bit count at `offset`, as
    /// ``readContainer(depth:inPlace:)`` does. A call of its own: inlined with the
    /// rest, the fixarrays and fixmaps of most documents would pay for these rarer
    /// headers in every place ``readContainer(depth:inPlace:)`` is inlined into.
    @inline(never)
    mutating func readLongHeaderContainer(depth: Int, inPlace: Int) throws(DataMapperError) -> SupportedType? {
        let start = offset
        let byte = bytes[start]
        offset += 1
        switch byte {
        case 0xDC:
            return try readArray(count: Int(try read(UInt16.self, for: "array 16", at: start)), depth: depth, at: start, inPlace: inPlace)
        case 0xDD:
            return try readArray(count: Int(try read(UInt32.self, for: "array 32", at: start)), depth: depth, at: start, inPlace: inPlace)
        case 0xDE:
            return try readMap(count: Int(try read(UInt16.self, for: "map 16", at: start)), depth: depth, at: start, inPlace: inPlace)
        case 0xDF:
            return try readMap(count: Int(try read(UInt32.self, for: "map 32", at: start)), depth: depth, at: start, inPlace: inPlace)
        default:
            throw syntaxError(at: start, "byte 0x\(String(byte, radix: 16)) does not start an array or a map")
        }
    }

    /// Gives `value`, the item the container on top of `open` waits for, to that
    /// container, and reads on in it (see ``readTree()``).
    ///
    /// - Returns: The container once it is complete, taken off `open`; `nil` when it
    ///   waits again, still on `open`.
    mutating func resume(with value: consuming SupportedType) throws(DataMapperError) -> SupportedType? {
        let top = open.count - 1
        // The containers below it on `open` are those around it.
        let depth = open.count
        var container = open[top]
        if container.kind == .array, container.index + 1 < container.count, nextItemWaits() {
            // A list of records that hold containers: the next record is the next to
            // go down into, the array staying where it is.
            containers.append(value)
            open[top].index += 1
            return nil
        }
        let complete: SupportedType?
        do throws(DataMapperError) {
            switch container.kind {
            case .array:
                container.index += 1
                containers.append(value)
                complete = try readArrayElements(of: &container, depth: depth, inPlace: Self.levelsInPlace)
            case .map:
                // Its state is taken from `mapStates` in the same way.
                let place = mapStates.count - 1
                var state = MapState(keyBase: 0)
                swap(&state, &mapStates[place])
                try addEntry(value, key: state.key, fingerprint: state.fingerprint, at: state.keyOffset, to: &container, state: &state)
                container.index += 1
                complete = try readEntries(of: &container, depth: depth, inPlace: Self.levelsInPlace, state: &state)
                if complete == nil { swap(&state, &mapStates[place]) } else { mapStates.removeLast() }
            case .mapKey:
                throw refusedKey(value, at: mapStates[mapStates.count - 1].keyOffset)
            }
        } catch {
            // A fault in the container itself carries its step in it already.
            open.removeLast()
            throw error
        }
        guard let complete else {
            open[top] = container
            return nil
        }
        open.removeLast()
        return complete
    }

    /// Whether the item at `offset` is an array or a map with items, which the walk can
    /// go down into at once, leaving the array on top of `open` there.
    @inline(__always)
    func nextItemWaits() -> Bool {
        guard offset < count else { return false }
        let byte = bytes[offset]
        return Self.startsContainer(byte) && byte &- 0x90 > 4 && byte != 0x80
    }

    /// `error`, thrown while the containers on `open` waited for the item being read,
    /// with their steps to it in front of its path: the index or key of that item in
    /// each, none for a map whose key is being read. The stacks are emptied, the read
    /// being over.
    mutating func locating(_ error: DataMapperError) -> DataMapperError {
        var steps: [DataPath.Component] = []
        var map = 0
        for container in open {
            switch container.kind {
            case .array:
                steps.append(.index(container.index))
            case .map:
                steps.append(.key(mapStates[map].key))
                map += 1
            case .mapKey:
                map += 1
            }
        }
        open.removeAll()
        mapStates.removeAll()
        keyOffsets.removeAll()
        popKeys(to: 0)
        return steps.isEmpty ? error : error.nested(under: DataPath(steps))
    }
}
