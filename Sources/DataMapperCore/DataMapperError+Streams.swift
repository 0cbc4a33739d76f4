import Foundation

// The errors every format raises the same way when a stream meets an API of one
// document, so that each names the stream API and says where the extra input starts.
extension DataMapperError {
    /// The error of a single-document read whose input goes on with another document.
    ///
    /// - Parameters:
    ///   - position: Where the second document starts.
    ///   - rest: What follows from there, for the message (`"4 lines"`, `"12 bytes"`).
    package static func secondDocument(at position: SourcePosition, followedBy rest: String) -> DataMapperError {
        DataMapperError(
            .syntax,
            message: "a second document starts here (\(rest) from here to the end); "
                + "this reads exactly one document: read a stream of several with deserializeAll(_:)",
            location: SourceLocation(position: position)
        )
    }

    /// The error of ``Serializer/serializeAll(_:)`` for a format whose file holds one
    /// document, given `count` documents.
    package static func oneDocumentFormat(_ serializer: Any.Type, given count: Int) -> DataMapperError {
        DataMapperError(
            .unsupported,
            message: "\(serializer) writes exactly one document and was given \(documentCount(count)); "
                + "wrap them in one array to write them as one document"
        )
    }

    /// "no documents", "1 document", "35 documents".
    package static func documentCount(_ count: Int) -> String {
        switch count {
        case 0: "no documents"
        case 1: "1 document"
        default: "\(count) documents"
        }
    }

    /// "1 line", "3 lines": how much text follows `offset` in `bytes`, counted as
    /// lines started, for ``secondDocument(at:followedBy:)``.
    package static func linesFollowing(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        var lines = offset < bytes.count ? 1 : 0
        var index = offset
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n"), index + 1 < bytes.count { lines += 1 }
            index += 1
        }
        return lines == 1 ? "1 line" : "\(lines) lines"
    }
}

extension DataMapperError {
    /// This error with the number of its document, counted from 1, in front of its
    /// problem (`document 3: `), as stream readers and writers report them.
    package func inDocument(_ number: Int) -> DataMapperError {
        var numbered = self
        numbered.problem = "document \(number): " + problem
        return numbered
    }
}
