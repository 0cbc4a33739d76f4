import Foundation
import Testing

/// `data` as it reads in a failure message: its text when it is UTF-8, its bytes in
/// hexadecimal otherwise (MessagePack), so a binary document stays legible.
func documentText(_ data: Data) -> String {
    if let text = String(data: data, encoding: .utf8) { return text }
    return data.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}

/// `comment` followed by `detail` on a line of its own; `detail` alone without one.
func joined(_ comment: Comment?, _ detail: String) -> Comment {
    guard let comment, !comment.rawValue.isEmpty else { return Comment(rawValue: detail) }
    return Comment(rawValue: comment.rawValue + "\n" + detail)
}
