/// A block of bytes holding the text of many string values of one document.
///
/// Strings longer than fifteen UTF-8 bytes do not fit inside a Swift `String` value, so
/// each needs its own heap allocation. Documents such as GeoJSON written as XML hold
/// a hundred thousand of them, and making, then freeing, those strings is a fifth of
/// the time reading the document takes. A parser instead copies the
/// bytes of such texts into a slab, one after another, and each value keeps a
/// reference to the slab and its range in it (a ``TextSlice``). The `String` is made
/// when someone asks for it (``SupportedType/kind`` or ``SupportedType/string``);
/// writers copy the bytes straight out and never make one.
///
/// A value kept from a document keeps its whole slab alive, at most
/// ``TextSlabWriter/largestSlab`` bytes; keep the `String` instead to let it go.
///
///
/// The bytes of a slab never change once a value refers to them: the parser only
/// appends behind them. That is why ``TextSlice`` can be `Sendable` although
/// `ManagedBuffer`, which keeps the bytes in the same allocation as the object, is not.
@usableFromInline
final class TextSlab: ManagedBuffer<Void, UInt8> {
    /// A slab with room for at least `capacity` bytes.
    @usableFromInline
    static func make(capacity: Int) -> TextSlab {
        // `create` makes an instance of the class it is called on.
        unsafeDowncast(create(minimumCapacity: capacity) { _ in }, to: TextSlab.self)
    }
}

/// The text of a string value, as a range of bytes in a ``TextSlab``.
///
/// The bytes are UTF-8 that the parser checked; making the `String` checks them again
/// all the same, so a slice can never make a malformed `String`.
@usableFromInline
struct TextSlice: @unchecked Sendable {
    @usableFromInline let slab: TextSlab
    @usableFromInline let start: UInt32
    @usableFromInline let count: UInt32

    @inlinable
    init(slab: TextSlab, start: UInt32, count: UInt32) {
        self.slab = slab
        self.start = start
        self.count = count
    }

    /// Calls `body` with the bytes of the text.
    @inlinable
    func withUTF8<Result, Failure: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        // The slab's elements stay where they are while `slab` is alive, which this
        // slice keeps it.
        let base = slab.withUnsafeMutablePointerToElements { $0 }
        return try withExtendedLifetime(slab) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: base + Int(start), count: Int(count)))
        }
    }

    /// The text as a `String`, made now.
    @inlinable
    var string: String {
        withUTF8 { String(decoding: $0, as: UTF8.self) }
    }
}
