import DataMapperCore

extension MessagePackWriter {
    /// Writes a number kept as text, never rounding it in silence: as an integer when
    /// it fits `Int64` or `UInt64`, as a float when a `Double` holds exactly its value,
    /// and otherwise as ``MessagePackSerializer/Options/bigNumbers`` says.
    mutating func writeBigNumber(_ text: String) throws(DataMapperError) {
        if let integer = Int64(text) {
            writeInteger(integer)
            return
        }
        if let integer = UInt64(text) {
            writeUnsigned(integer)
            return
        }
        if let exact = ExactDecimal.exactDouble(text) {
            writeDouble(exact)
            return
        }
        guard ExactDecimal(parsing: text) != nil, let nearest = Double(text) else {
            throw DataMapperError(.unsupported, message: "the big number \"\(text)\" is not a decimal number")
        }
        switch options.bigNumbers {
        case .exactDoubleOrError:
            throw DataMapperError(
                .unsupported,
                message: "the number \(text) fits neither a 64-bit integer nor a float exactly",
                remedy: DataMapperError.Remedy(
                    .bigNumbers, choices: ["string", "nearest"],
                    advice: "set MessagePackSerializer.Options.bigNumbers to .exactDoubleOrString to write its text, or .nearestDouble to round it"
                )
            )
        case .exactDoubleOrString:
            try writeString(text)
        case .nearestDouble:
            append(0xCB, bigEndian: nearest.bitPattern)
        }
    }
}
