import DataMapperCore
import Foundation

/// A comment or processing instruction the reader dropped, and where it was.
struct XMLDroppedMarkup {
    enum Kind {
        case comment
        case processingInstruction
    }

    var kind: Kind
    var text: String
    var position: SourcePosition
    /// The elements open around it, outermost first, each with the number of
    /// same-named elements before it in its parent.
    var elements: [(name: String, occurrence: Int)]
}

extension XMLSerializer: ReadingLossReporting {
    /// What reading `data` loses: its comments and processing instructions (the XML
    /// declaration is not one), each at the key path of the element holding it (the
    /// root for those outside the root element).
    ///
    /// Reads the document again with libxml2's comment and processing-instruction
    /// callbacks set, which plain reading leaves unset.
    /// - Throws: ``DataMapperError`` when `data` is not XML, as ``deserialize(_:)`` does.
    public func readingLosses(in data: Data) throws -> [ConversionLoss] {
        let (value, markup) = try LibXML2Reader.read(data, options: options, notingMarkup: true)
        return Self.losses(of: markup, in: value, unwrapped: options.unwrapsRoot)
    }

    /// The losses of the markup `markup` noted while reading `value`.
    static func losses(of markup: [XMLDroppedMarkup], in value: SupportedType, unwrapped: Bool) -> [ConversionLoss] {
        markup.map { note in note.loss(at: path(of: note.elements, in: value, unwrapped: unwrapped)) }
    }

    /// The key path in `root` of the element reached through `elements`: a repeated
    /// element is an item of its key's array.
    private static func path(of elements: [(name: String, occurrence: Int)], in root: SupportedType, unwrapped: Bool) -> DataPath {
        var path = DataPath.root
        var value = root
        for (level, element) in elements.enumerated() {
            if unwrapped, level == 0 { continue }
            guard let child = value.dictionary?[element.name] else { break }
            path = path.appending(key: element.name)
            value = child
            if case .array(let items) = child.kind, element.occurrence < items.count {
                path = path.appending(index: element.occurrence)
                value = items[element.occurrence]
            }
        }
        return path
    }

}

extension XMLDroppedMarkup {
    /// The loss of this markup, which lies in the element at `path`.
    func loss(at path: DataPath) -> ConversionLoss {
        switch kind {
        case .comment:
            return ConversionLoss(.comment, path: path, position: position, detail: "the comment \"\(Self.shortened(text))\" is dropped")
        case .processingInstruction:
            return ConversionLoss(
                .processingInstruction, path: path, position: position,
                detail: "the processing instruction <?\(Self.shortened(text))?> is dropped"
            )
        }
    }

    /// Text cut to 60 characters, so that a long comment keeps a report line readable.
    private static func shortened(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count <= 60 ? trimmed : String(trimmed.prefix(57)) + "..."
    }
}
