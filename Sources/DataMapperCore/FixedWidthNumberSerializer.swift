/// A ``Serializer`` whose format holds numbers only as 64-bit integers and `Double`s
/// (MessagePack).
///
/// `encode(_:encoder:)` on such a serializer writes a `Decimal`, `Int128` or `UInt128`
/// that none of those holds exactly as a string of its exact text, and `decode` reads
/// it back from that string, so big numbers round-trip whatever the format's own
/// big-number option says.
public protocol FixedWidthNumberSerializer: Serializer {}
