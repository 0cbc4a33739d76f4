import DataMapperCore

// MARK: - Arrays and objects, without recursion

// The reader does not recurse per level of nesting: a document nested to any depth
// the limits allow reads in the same small, fixed amount of call stack, so that
// `ParsingLimits.maxDepth`'s default fits a 512 KiB thread in a debug build too.
//
// The containers being read wait on `OpenContainers`, a stack on the heap, and are
// read on in place there once the nested value they wait for is complete. An array
// starts in locals and goes on that stack only when it holds a container or grows past
// two elements, so a pair of scalars (a GeoJSON point) never touches it. An object
// is read in its place on the stack from the start, so that it is not copied there
// when it turns out to hold a container.
extension JSONReader {
    /// An array that holds an array or object, or has more than two elements, being
    /// read: its elements so far and where it started.
    struct OpenArray {
        /// Where its `[` is.
        let position: SourcePosition
        /// The elements read so far; their count is the index of the next one.
        var elements: [SupportedType]
    }

    /// An object being read: its entries so far, what finds repeated keys among them,
    /// and where it started.
    struct OpenObject {
        /// Where its `{` is.
        let position: SourcePosition
        /// The distinct keys so far, in order.
        var keys: [String]
        /// Their values.
        var values: [SupportedType]
        /// Where the fingerprints of `keys` start in the reader's `fingerprints`,
        /// which holds those of every object being read, innermost last.
        let base: Int
        /// Finds repeated keys among `keys` by their fingerprints.
        var finder = RepeatedKeyFinder()
        /// Where each of `keys` starts, kept only when a duplicate must name both places.
        var keyOffsets: [Int] = []
        /// The key whose value is the array or object being read inside this one, with
        /// its fingerprint and offset; set when the reader goes into that value.
        var key = ""
        var fingerprint: UInt64 = 0
        var keyOffset = 0

        init(position: SourcePosition, base: Int) {
            var keys: [String] = []
            var values: [SupportedType] = []
            keys.reserveCapacity(8)
            values.reserveCapacity(8)
            self.position = position
            self.base = base
            self.keys = keys
            self.values = values
        }
    }

    /// The arrays and objects that hold the value being read, outermost first.
    struct OpenContainers {
        var arrays: [OpenArray] = []
        var objects: [OpenObject] = []
        /// For each container, outermost first, whether it is an object.
        var isObject: [Bool] = []

        /// How many containers hold the value being read.
        var depth: Int { isObject.count }

        mutating func push(_ array: consuming OpenArray) {
            arrays.append(array)
            isObject.append(false)
        }

        mutating func push(_ object: consuming OpenObject) {
            objects.append(object)
            isObject.append(true)
        }

        mutating func popArray() -> OpenArray {
            isObject.removeLast()
            return arrays.removeLast()
        }

        mutating func popObject() -> OpenObject {
            isObject.removeLast()
            return objects.removeLast()
        }

        /// `error`, thrown inside these containers, with the path through them put in
        /// front of its own: the key or index, in each, of the value being read. When
        /// `innermost` is `false` the error is about the innermost container itself
        /// (a missing comma, a repeated key), and the path stops at that container.
        func locating(_ error: DataMapperError, innermost: Bool) -> DataMapperError {
            let levels = innermost ? isObject.count : isObject.count - 1
            guard levels > 0 else { return error }
            var steps: [DataPath.Component] = []
            steps.reserveCapacity(levels)
            var nextArray = 0
            var nextObject = 0
            for level in 0..<levels {
                if isObject[level] {
                    steps.append(.key(objects[nextObject].key))
                    nextObject += 1
                } else {
                    steps.append(.index(arrays[nextArray].elements.count))
                    nextArray += 1
                }
            }
            return error.nested(under: DataPath(steps))
        }
    }

    // MARK: - The walk

    /// Reads the value at `offset`, which the caller has moved past whitespace, and
    /// everything inside it.
    ///
    /// Two phases take turns. Going down reads a value: a scalar, or a container read
    /// up to its end, or up to a value that is itself a container, in which case the
    /// container waits on `open` and the nested one is read next. Going up hands a
    /// complete value to the container waiting for it and reads on in that container,
    /// closing each that ends, until one has another container to go down into, or
    /// the document's value is complete.
    mutating func readTree() throws(DataMapperError) -> SupportedType {
        var open = OpenContainers()
        var value: SupportedType
        down: while true {
            do {
                guard let complete = try readValue(depth: enclosingDepth + open.depth + 1, waitingIn: &open) else { continue down }
                value = complete
            } catch {
                throw open.locating(error, innermost: true)
            }
            while let isObject = open.isObject.last {
                var closed: Bool
                do {
                    if isObject {
                        let top = open.objects.count - 1
                        try addNestedEntry(Self.take(&value), to: &open.objects[top])
                        closed = try closesObject()
                        if !closed { closed = try readEntries(of: &open.objects[top]) }
                    } else {
                        let top = open.arrays.count - 1
                        open.arrays[top].elements.append(Self.take(&value))
                        closed = try closesArray()
                        if !closed { closed = try readElements(of: &open.arrays[top]) }
                    }
                } catch {
                    throw open.locating(error, innermost: false)
                }
                guard closed else { continue down }
                value = isObject ? finish(open.popObject()) : finish(open.popArray())
            }
            return value
        }
    }

    /// `value`, moved out without a copy, a null left in its place.
    @inline(__always)
    static func take(_ value: inout SupportedType) -> SupportedType {
        var moved = SupportedType(.null)
        swap(&moved, &value)
        return moved
    }

    /// Reads the value at `offset`, which the caller has moved past whitespace and
    /// which `depth` counts the containers of, itself included when it is one.
    ///
    /// - Returns: The value; `nil` when it is a container that holds a container: it
    ///   is then the innermost of `open`, and `offset` is at the nested one's bracket.
    mutating func readValue(depth: Int, waitingIn open: inout OpenContainers) throws(DataMapperError) -> SupportedType? {
        if let scalar = try readScalar() { return scalar }
        let position = currentPosition()
        if depth > maxDepth { throw depthError() }
        if bytes[offset] == UInt8(ascii: "[") { return try readArray(at: position, waitingIn: &open) }
        offset += 1
        skipWhitespace()
        if offset < count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return SupportedType(.dictionary(OrderedMap()), position: position)
        }
        // The object is read in its place on `open`, so that it is not copied there
        // when it turns out to hold a container; it is not yet part of the path.
        open.push(OpenObject(position: position, base: fingerprints.count))
        do {
            guard try readEntries(of: &open.objects[open.objects.count - 1]) else { return nil }
        } catch {
            _ = open.popObject()
            throw error
        }
        return finish(open.popObject())
    }

    // MARK: - Arrays

    /// Reads the array whose `[` is at `offset` and `position`: all of it, or up to
    /// its first element that is an array or object, in which case the array waits
    /// innermost on `open` (`nil`).
    ///
    /// The first two elements are read into locals, before any storage is made: a pair
    /// of scalars (a point of GeoJSON) is then made in one step, and a longer array
    /// starts from a literal of the two.
    @inline(__always)
    mutating func readArray(at position: SourcePosition, waitingIn open: inout OpenContainers) throws(DataMapperError) -> SupportedType? {
        offset += 1
        skipWhitespace()
        if offset < count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return SupportedType(.array([]), position: position)
        }
        guard let first = try readScalarElement(at: 0) else {
            open.push(OpenArray(position: position, elements: []))
            return nil
        }
        if try closesArray() { return SupportedType(.array([first]), position: position) }
        guard let second = try readScalarElement(at: 1) else {
            open.push(OpenArray(position: position, elements: [first]))
            return nil
        }
        if try closesArray() {
            return SupportedType(.array([first, second]), position: position)
        }
        var array = OpenArray(position: position, elements: [first, second])
        if try readElements(of: &array) { return finish(consume array) }
        open.push(array)
        return nil
    }

    /// Reads the element at `offset`, the array's element number `index`, when it is a
    /// scalar; `nil`, reading nothing, when it is an array or object.
    @inline(__always)
    mutating func readScalarElement(at index: Int) throws(DataMapperError) -> SupportedType? {
        do {
            return try readScalar()
        } catch {
            throw error.under(.index(index))
        }
    }

    /// Reads elements of `array` from `offset`, which is at one, until the array ends
    /// (`true`, past its `]`) or an element is an array or object (`false`, at its
    /// bracket).
    mutating func readElements(of array: inout OpenArray) throws(DataMapperError) -> Bool {
        while true {
            guard let element = try readScalarElement(at: array.elements.count) else { return false }
            array.elements.append(element)
            if try closesArray() { return true }
        }
    }

    /// After an element: `true` past a `]`, `false` past a `,` and the whitespace after it.
    @inline(__always)
    mutating func closesArray() throws(DataMapperError) -> Bool {
        try closes(with: UInt8(ascii: "]"), expecting: "',' or ']' after an array element")
    }

    /// After an element or entry: `true` past `closer`, `false` past a `,` and the
    /// whitespace after it; anything else is an error saying what was `expecting`.
    @inline(__always)
    mutating func closes(with closer: UInt8, expecting: String) throws(DataMapperError) -> Bool {
        skipWhitespace()
        guard offset < count else { throw expected(expecting) }
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: ",") {
            skipWhitespace()
            return false
        }
        if byte == closer { return true }
        offset -= 1
        throw expected(expecting)
    }

    /// The array's value, its elements complete.
    @inline(__always)
    func finish(_ array: consuming OpenArray) -> SupportedType {
        SupportedType(.array(SupportedArray(array.elements)), position: array.position)
    }

    // MARK: - Objects

    /// Reads entries of `object` from `offset`, which is where a key should start,
    /// until the object ends (`true`, past its `}`) or a value is an array or object
    /// (`false`, at its bracket, the entry's key kept in `object`).
    ///
    /// Keys are checked for repeats by a ``RepeatedKeyFinder`` over their fingerprints,
    /// so only a real repeat or a rare fingerprint collision compares strings.
    mutating func readEntries(of object: inout OpenObject) throws(DataMapperError) -> Bool {
        while true {
            guard offset < count, bytes[offset] == UInt8(ascii: "\"") else {
                throw expected(object.keys.isEmpty ? "a string key or '}'" : "a string key after ','")
            }
            let keyOffset = offset
            let (key, fingerprint) = try readKey()
            skipWhitespace()
            guard offset < count, bytes[offset] == UInt8(ascii: ":") else {
                throw expected("':' after the key \(Self.quoted(key))")
            }
            offset += 1
            skipWhitespace()
            let value: SupportedType
            do {
                guard let scalar = try readScalar() else {
                    object.key = key
                    object.fingerprint = fingerprint
                    object.keyOffset = keyOffset
                    return false
                }
                value = scalar
            } catch {
                throw error.under(.key(key))
            }
            try add(value, key: key, fingerprint: fingerprint, keyOffset: keyOffset, to: &object)
            if try closesObject() { return true }
        }
    }

    /// Adds the entry whose value was an array or object, now complete, to `object`.
    mutating func addNestedEntry(_ value: consuming SupportedType, to object: inout OpenObject) throws(DataMapperError) {
        // The key moves out rather than being copied: the entry is its only use.
        var key = ""
        swap(&key, &object.key)
        let (fingerprint, keyOffset) = (object.fingerprint, object.keyOffset)
        try add(value, key: key, fingerprint: fingerprint, keyOffset: keyOffset, to: &object)
    }

    /// Adds an entry to `object`, following the duplicate-key policy when `key` is
    /// already there; `keyOffset` is where the key starts.
    @inline(__always)
    mutating func add(
        _ value: consuming SupportedType,
        key: consuming String,
        fingerprint: UInt64,
        keyOffset: Int,
        to object: inout OpenObject
    ) throws(DataMapperError) {
        if let existing = object.finder.place(
            of: key, fingerprint: fingerprint, keys: object.keys, from: 0, fingerprints: fingerprints, from: object.base
        ) {
            switch duplicateKeys {
            case .lastWins: object.values[existing] = consume value
            case .firstWins: break
            case .error: throw duplicateKeyError(key, first: object.keyOffsets[existing], second: keyOffset)
            }
        } else {
            object.keys.append(consume key)
            object.values.append(consume value)
            fingerprints.append(fingerprint)
            object.finder.record(fingerprint: fingerprint, keys: object.keys, from: 0)
            if duplicateKeys == .error { object.keyOffsets.append(keyOffset) }
        }
    }

    /// After an entry: `true` past a `}`, `false` past a `,` and the whitespace after it.
    @inline(__always)
    mutating func closesObject() throws(DataMapperError) -> Bool {
        try closes(with: UInt8(ascii: "}"), expecting: "',' or '}' after an object entry")
    }

    /// The object's value, its entries complete; its keys' fingerprints are dropped.
    ///
    /// The map is made in one step from keys known to be distinct.
    @inline(__always)
    mutating func finish(_ object: consuming OpenObject) -> SupportedType {
        fingerprints.removeSubrange(object.base...)
        return SupportedType(.dictionary(OrderedMap(uniqueKeys: object.keys, values: object.values)), position: object.position)
    }
}
