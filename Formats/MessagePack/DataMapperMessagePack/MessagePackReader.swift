import DataMapperCore
import Foundation

// How a value is read, from the outside in; each step names the file it lives in.
//
// - `readValue()` reads one whole value: `readScalar()` when the document is a
//   scalar, else `readTree()`, the walk (`+Containers`).
// - The walk goes down into a container through `readContainer(depth:inPlace:)`, which
//   reads its header and hands it to `readArray` (`+Arrays`) or `readMap` (`+Maps`,
//   `+ExpectedKeys`). Their loops read the items, and the walk goes up when they are
//   done or wait for a container they do not read in place.
// - An item is read in three layers, each trying the one before it first (`+Items`):
//   1. `readPlainScalar()`: a fixint, nil, a boolean or a float, in place;
//   2. `readLeaf(depth:)`: an item that ends where it starts: layer 1, else a fixstr
//      (`readFixStr`, `+Strings`), any other scalar (`readScalar()`, `+Scalars`) or
//      an empty array or map (`readEmptyContainer`);
//   3. `readItem(depth:inPlace:)`: any item: layer 2, else an array or a map with
//      items (`readNestedContainer`): a short fixarray in place, another in place
//      while levels remain (back through `readContainer`), or none, for the walk.
//   The elements of long arrays (`readArrayElement`) try a short fixarray first,
//   before layer 3; the two elements of a pair try layer 2 alone first.
// Layers 1 to 3 are inlined into the loops over items; `readFixStr`, `readScalar`,
// `readEmptyContainer` and `readNestedContainer` are calls of their own, which keeps
// those loops small.

/// A reader of one MessagePack value over a buffer of bytes, with a call stack that
/// does not grow with how deeply its arrays and maps nest.
///
/// One reader lives for one call: it walks a pointer into bytes that stay valid for
/// that whole call and never stores the pointer elsewhere. Every declared length
/// (of a `str`, `bin`, `ext`, array or map) is checked against the bytes that remain
/// before anything is allocated, so a few bytes claiming gigabytes are refused at
/// once. How containers nest is in `MessagePackReader+Containers.swift`; items,
/// scalars, arrays, strings, maps and keys live in the other `MessagePackReader+…`
/// files, extension values in `MessagePackTimestamp.swift`.
struct MessagePackReader {
    /// The first byte of the input. Valid for `count` bytes while the reader lives.
    let bytes: UnsafePointer<UInt8>
    /// The number of input bytes.
    let count: Int
    /// The offset of the next byte to read.
    var offset: Int
    /// The deepest nesting of arrays and maps accepted, as messages name it.
    let maxDepth: Int
    /// How deep the containers of the bytes read may nest: ``maxDepth`` less the
    /// containers around them (opened by a piece reader), which the checks compare with.
    let depthLimit: Int
    /// What to do with a `str` that is not UTF-8.
    let invalidUTF8: MessagePackSerializer.InvalidUTF8Policy
    /// What to do with a key that is not a `str`.
    let nonStringKeys: MessagePackSerializer.NonStringKeyPolicy
    /// What to do with a key repeated inside one map.
    let duplicateKeys: DuplicateKeyPolicy
    /// What to add to an offset in `bytes` to make it an offset in the whole input or
    /// stream, for positions and error messages.
    let origin: Int
    /// The document's map keys and key lists, each made once and shared by the maps
    /// that repeat it.
    var interner: KeyInterner
    /// The keys of every map being read, each map's after its parent's.
    var keys: [String]
    /// The fingerprint of each key of `keys`.
    var fingerprints: [UInt64]
    /// The values of the arrays and maps being read.
    var containers: ContainerBuilder
    /// The arrays and maps put aside while a container inside them is read, outermost
    /// first (see ``readTree()``).
    var open: [OpenContainer]
    /// The state of the maps on `open`, outermost first.
    var mapStates: [MapState]
    /// Where each key of the maps being read starts, each map's after its parent's;
    /// kept only when a repeated key is refused, whose message names both places.
    var keyOffsets: [Int]

    /// Prepares a reader for `count` bytes at `bytes`, starting at `offset`, inside
    /// `enclosingDepth` containers that count toward ``ParsingLimits/maxDepth``.
    init(
        bytes: UnsafePointer<UInt8>, count: Int, offset: Int = 0, origin: Int = 0, options: MessagePackSerializer.Options,
        enclosingDepth: Int = 0
    ) {
        self.bytes = bytes
        self.count = count
        self.offset = offset
        self.origin = origin
        self.maxDepth = options.limits.maxDepth
        self.depthLimit = options.limits.maxDepth - enclosingDepth
        self.invalidUTF8 = options.invalidUTF8
        self.nonStringKeys = options.nonStringKeys
        self.duplicateKeys = options.duplicateKeys
        self.interner = KeyInterner()
        self.keys = []
        self.fingerprints = []
        self.containers = ContainerBuilder()
        self.open = []
        self.mapStates = []
        self.keyOffsets = []
    }

    // MARK: - Fixed-size fields

    /// The bytes left after `offset`.
    @inline(__always)
    var remaining: Int { count - offset }

    /// Checks that `size` more bytes follow the header byte at `start` (`offset` is
    /// already past the header) and moves past none of them. (Mutating for the reason
    /// the error builders are; see `MessagePackReader+Errors.swift`.)
    @inline(__always)
    mutating func need(_ size: Int, for what: StaticString, at start: Int) throws(DataMapperError) {
        if size > count - offset { throw truncated(what, at: start, needing: size) }
    }

    /// The big-endian integer of `T`'s size at `offset`, moving past it; the caller has
    /// checked that the bytes are there.
    @inline(__always)
    mutating func load<T: FixedWidthInteger>(_: T.Type) -> T {
        // In range: every caller checked `need(MemoryLayout<T>.size, ...)` first.
        let value = T(bigEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: T.self))
        offset += MemoryLayout<T>.size
        return value
    }

    /// Reads a big-endian integer of `T`'s size after the header byte at `start`.
    @inline(__always)
    mutating func read<T: FixedWidthInteger>(_: T.Type, for what: StaticString, at start: Int) throws(DataMapperError) -> T {
        try need(MemoryLayout<T>.size, for: what, at: start)
        return load(T.self)
    }

    // MARK: - Values

    /// Reads one value starting at `offset`, however deeply it nests.
    ///
    /// Scalars are read by ``readScalar()``; arrays and maps by the walk in
    /// ``readTree()``.
    mutating func readValue() throws(DataMapperError) -> SupportedType {
        guard offset < count else { throw endOfInput(at: offset) }
        if Self.startsContainer(bytes[offset]) { return try readTree() }
        return try readScalar()
    }
}
