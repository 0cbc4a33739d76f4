import Foundation

/// A serializer that can list what reading a document into ``SupportedType`` leaves
/// out: comments, custom tags, anchors, keys that were not strings.
///
/// Listing is a pass of its own, made only when asked for, so plain reading pays
/// nothing for it. A conversion tool asks the source format's serializer, when it
/// conforms, and adds what the target cannot keep (see ``ConversionReport``). A
/// serializer whose format has nothing a value cannot carry need not conform; the
/// registry then reports no reading losses for it.
public protocol ReadingLossReporting {
    /// What reading `data` loses, for every document in it, in document order: each
    /// loss names its document (counted from 1), key path and position in `data`.
    ///
    /// - Throws: ``DataMapperError`` when `data` cannot be read; a caller that has
    ///   read it already will not see one.
    func readingLosses(in data: Data) throws -> [ConversionLoss]
}
