import DataMapperCore

/// Which documents of a stream a conversion writes, and how: the choice
/// ``FormatRegistry/convertAll(_:from:to:documents:options:reading:terminateText:)`` takes.
///
/// A YAML stream, several JSON texts, JSON Lines and MessagePack values back to back
/// all hold several documents; XML holds one. Nothing is dropped unless asked for.
public enum DocumentSelection: Sendable, Hashable {
    /// Every document stays a document of its own: YAML `---`, JSON one text per line,
    /// MessagePack values back to back. A format whose file holds one document (XML)
    /// takes exactly one, and any other count is an error naming it.
    case each
    /// Every document becomes an item of one array, written as one document: one
    /// document becomes an array of one, none an empty array. Into XML this is
    /// `<root><item>…</item></root>`.
    case wrapped
    /// Only the document at this position, counted from 1.
    case only(Int)

    /// The documents to write into `target`, chosen from those read.
    ///
    /// - Throws: ``DataMapperError`` of kind ``DataMapperError/Kind/unsupported`` when
    ///   ``each`` meets a target that holds one document and the input has another
    ///   count, naming it; of kind ``DataMapperError/Kind/invalidValue`` when ``only(_:)``
    ///   names a document that is not there, naming the count.
    public func select(from documents: [SupportedType], into target: DataFormat) throws -> [SupportedType] {
        switch self {
        case .each:
            guard documents.count == 1 || target.writesStreams else {
                throw DataMapperError(
                    .unsupported,
                    message: "\(target.name) holds one document and the input holds \(DataMapperError.documentCount(documents.count)); "
                        + "wrap them in one array with DocumentSelection.wrapped, or pick one with .only(n)"
                )
            }
            return documents
        case .wrapped:
            return [.array(documents)]
        case .only(let number):
            guard number >= 1, number <= documents.count else {
                throw DataMapperError(
                    .invalidValue,
                    message: "there is no document \(number): the input holds \(DataMapperError.documentCount(documents.count)) (numbered from 1)"
                )
            }
            return [documents[number - 1]]
        }
    }
}
