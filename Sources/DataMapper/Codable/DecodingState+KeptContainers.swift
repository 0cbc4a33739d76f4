/// A keyed container the decoder made earlier, kept so that the next value with the
/// same key type can use it again once nothing else holds it.
///
/// Making a `KeyedDecodingContainer` costs several run-time lookups of generic metadata
/// (the standard library boxes our container in a class generic over it), which
/// come to more than the rest of decoding a small model. Arrays of models ask for
/// containers of one key type again and again, each dropped before the next.
struct KeptContainer {
    /// The key type.
    let type: ObjectIdentifier
    /// The container, held as the one class reference it is made of.
    var container: AnyObject
    /// What the container reads from, re-pointed at each new dictionary.
    let context: KeyedDecodingContext
}

extension DecodingState {
    /// Whether a `KeyedDecodingContainer` is a single class reference, as the standard
    /// library makes it; only then can one be kept as an `AnyObject` and its sole
    /// ownership be tested. Were that ever to change, containers are simply not kept.
    static let containersAreOneReference =
        MemoryLayout<KeyedDecodingContainer<AnyCodingKey>>.size == MemoryLayout<AnyObject>.size
        && MemoryLayout<KeyedDecodingContainer<AnyCodingKey>>.alignment == MemoryLayout<AnyObject>.alignment

    /// Kept containers, at most this many key types.
    static let keptContainerLimit = 16

    /// A keyed container over `map`, the current value's dictionary: a kept one of the
    /// same key type when nothing else holds it, else a new one (kept for next time
    /// when there is room).
    @inline(__always)
    func currentContainer<Key: CodingKey>(over map: OrderedMap, position: SourcePosition, keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        if keepsContainers, Self.containersAreOneReference {
            let id = ObjectIdentifier(Key.self)
            var slot = 0
            while slot < keptContainers.count, keptContainers[slot].type != id { slot += 1 }
            // Held only here: no container of an enclosing value is still using it.
            if slot < keptContainers.count, isKnownUniquelyReferenced(&keptContainers[slot].container) {
                let context = keptContainers[slot].context
                context.map = map
                context.node = nil
                context.position = position
                return unsafeBitCast(keptContainers[slot].container, to: KeyedDecodingContainer<Key>.self)
            }
        }
        return newContainer(over: map, position: position, keyedBy: Key.self)
    }

    /// A new keyed container over the current value's dictionary, kept for reuse when
    /// containers are kept and its key type has none yet.
    @inline(never)
    func newContainer<Key: CodingKey>(over map: OrderedMap, position: SourcePosition, keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        let decoding = KeyedDecoding<Key>(state: self, map: map, node: nil, position: position)
        let container = KeyedDecodingContainer(decoding)
        let id = ObjectIdentifier(Key.self)
        if keepsContainers, Self.containersAreOneReference, keptContainers.count < Self.keptContainerLimit,
           !keptContainers.contains(where: { $0.type == id }) {
            keptContainers.append(KeptContainer(type: id, container: unsafeBitCast(container, to: AnyObject.self), context: decoding.context))
        }
        return container
    }
}
