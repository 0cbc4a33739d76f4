import DataMapperCore
import Foundation

extension DataFormat {
    /// What writing `value` in this format and reading it back would not give back,
    /// as its ``fidelity`` declares: numbers that become text, arrays that vanish, ...
    ///
    /// - Parameters:
    ///   - document: The number, from 1, of the document `value` is in a stream, put
    ///     on each loss.
    ///   - options: The options it is written with. A big number, NaN or ext value
    ///     that they make the writer refuse is no loss (the write fails, naming the
    ///     option); one they let through as text, rounded or null is.
    public func losses(writing value: SupportedType, document: Int = 1, options: FormatWriteOptions = .default) -> [ConversionLoss] {
        var finder = TargetLossFinder(fidelity: fidelity, formatName: name, document: document, policies: options)
        finder.walk(value)
        return finder.losses
    }

    /// What reading `data` in this format leaves out of the values (comments, custom
    /// tags, anchors, keys that were not strings), for every document of it; none when
    /// the format's serializer does not conform to ``ReadingLossReporting``.
    /// - Parameter reading: The options `data` is read with (limits, duplicate keys,
    ///   schema), the same as for reading its values.
    /// - Throws: ``DataMapperError`` when `data` cannot be read.
    public func readingLosses(in data: Data, reading: FormatReadOptions = .default) throws -> [ConversionLoss] {
        guard let reporting = serializer(reading: reading) as? any ReadingLossReporting else { return [] }
        return try reporting.readingLosses(in: data)
    }
}
