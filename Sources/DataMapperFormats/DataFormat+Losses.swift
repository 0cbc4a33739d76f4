import DataMapper
import Foundation

extension DataFormat {
    /// What writing `value` in this format and reading it back would not give back,
    /// as its ``fidelity`` declares: numbers that become text, arrays that vanish, ...
    ///
    /// - Parameter document: The number, from 1, of the document `value` is in a
    ///   stream, put on each loss.
    public func losses(writing value: SupportedType, document: Int = 1) -> [ConversionLoss] {
        var finder = TargetLossFinder(fidelity: fidelity, formatName: name, document: document)
        finder.walk(value)
        return finder.losses
    }

    /// What reading `data` in this format leaves out of the values (comments, custom
    /// tags, anchors, keys that were not strings), for every document of it; none when
    /// the format's serializer does not conform to ``ReadingLossReporting``.
    /// - Throws: ``DataMapperError`` when `data` cannot be read.
    public func readingLosses(in data: Data) throws -> [ConversionLoss] {
        guard let reporting = serializer() as? any ReadingLossReporting else { return [] }
        return try reporting.readingLosses(in: data)
    }
}
