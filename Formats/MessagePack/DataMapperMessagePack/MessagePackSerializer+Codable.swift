import DataMapperCore

/// MessagePack's numbers are 64-bit integers and floats, so the Codable bridge writes
/// a `Decimal`, `Int128` or `UInt128` beyond them as its exact text.
extension MessagePackSerializer: FixedWidthNumberSerializer {}
