@testable import DataMapperCore
import Testing

/// Error messages quote untrusted text; printed, they must not drive a terminal.
@Suite struct TerminalSafeTextTests {
    @Test("controls, separators and bidirectional controls are escaped", arguments: [
        ("a\u{1B}[2Jb", "a\\u{1B}[2Jb"),
        ("tab\there\nnext\rline", "tab\\there\\nnext\\rline"),
        ("\u{0}\u{7}\u{7F}", "\\u{0}\\u{7}\\u{7F}"),
        ("c1 \u{80}\u{9B}\u{9F}", "c1 \\u{80}\\u{9B}\\u{9F}"),
        ("\u{2028}\u{2029}", "\\u{2028}\\u{2029}"),
        ("\u{202E}evil\u{202C} \u{2066}\u{2067}\u{2068}\u{2069} \u{200E}\u{200F}\u{61C}",
         "\\u{202E}evil\\u{202C} \\u{2066}\\u{2067}\\u{2068}\\u{2069} \\u{200E}\\u{200F}\\u{61C}"),
    ])
    func escapes(_ text: String, _ expected: String) {
        #expect(text.escapingControlCharacters == expected)
    }

    @Test("ordinary text, non-ASCII included, is left as it is", arguments: [
        "plain", "", "日本語 ünïcödé ½ – — ‘’ “” € ⁂", "\u{A0}\u{2000}\u{2010}\u{2030}\u{2065}\u{206A}", "emoji 👩‍💻",
    ])
    func keeps(_ text: String) {
        #expect(text.escapingControlCharacters == text)
    }

    @Test("an error's description escapes its message, path and file")
    func errorDescription() {
        let error = DataMapperError(
            .typeMismatch,
            message: "expected an integer, found the string \"\u{1B}]0;title\u{7}\"",
            path: DataPath([.key("k\u{1B}[31m"), .index(2)]),
            location: SourceLocation(file: "in\u{9B}put.yaml", position: .text(line: 3, column: 4))
        )
        let text = error.description
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x9B })
        #expect(text.contains("\\u{1B}]0;title\\u{7}"))
        #expect(text.contains("k\\u{1B}[31m"))
        #expect(text.hasPrefix("in\\u{9B}put.yaml:3:4: "))
        #expect(error.localizedDescription == text)
    }
}
