import DataMapper
import Testing

@Suite struct ConversionReportTests {
    static func loss(_ kind: ConversionLoss.Kind, _ path: String, line: Int = 1, column: Int = 1, document: Int = 1) throws -> ConversionLoss {
        ConversionLoss(kind, document: document, path: try DataPath(parsing: path), position: .text(line: line, column: column), detail: "lost")
    }

    @Test("each entry is a line: file, position, kind, path in the path grammar, detail")
    func textLines() throws {
        let report = ConversionReport([
            try Self.loss(.scalarType, "servers[2].port", line: 14, column: 11),
            try Self.loss(.comment, #"labels["app.kubernetes.io/name"]"#, line: 3, column: 5),
            ConversionLoss(.nonStringKey, path: ["1"], position: .byteOffset(7), detail: "lost"),
            ConversionLoss(.wrappedRoot, path: .root, detail: "lost"),
        ])
        #expect(report.text(file: "in.yaml") == """
            in.yaml:14:11: typed scalar at servers[2].port: lost
            in.yaml:3:5: comment at labels["app.kubernetes.io/name"]: lost
            in.yaml:byte 7: non-string key at ["1"]: lost
            in.yaml: wrapped root at the root: lost

            """)
        #expect(ConversionReport().text(file: "in.yaml") == "")
    }

    @Test("past the limit, the rest is counted per kind with indices generalised to [*]")
    func summary() throws {
        var losses: [ConversionLoss] = []
        for index in 0..<30 {
            losses.append(try Self.loss(.scalarType, "items[\(index)].price", line: index + 1))
            losses.append(try Self.loss(.scalarType, "items[\(index)].qty", line: index + 1))
        }
        losses.append(try Self.loss(.emptyArray, "tags"))
        let text = ConversionReport(losses).text(limit: 20)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 20 + 3 + 1)  // 20 entries, the heading, two kinds, the final newline
        #expect(lines[19] == "10:1: typed scalar at items[9].qty: lost")
        #expect(lines[20] == "... and 41 more:")
        // 20 prices and 20 quantities are left (items 10 to 29); equal counts keep their first order.
        #expect(lines[21] == "  typed scalar: 40 (items[*].price: 20, items[*].qty: 20)")
        #expect(lines[22] == "  empty array: 1 (tags: 1)")
    }

    @Test("a summary names five groups of paths and counts the others")
    func summaryGroups() throws {
        let losses = try (0..<8).map { try Self.loss(.binary, "k\($0)[\($0)]") } + [try Self.loss(.binary, "k0[5]")]
        let text = ConversionReport(losses).text(limit: 0)
        #expect(text == "... and 9 more:\n  binary: 9 (k0[*]: 2, k1[*]: 1, k2[*]: 1, k3[*]: 1, k4[*]: 1, 3 other paths)\n")
    }

    @Test("control characters in keys, details and file names are escaped")
    func escaping() throws {
        let loss = ConversionLoss(.comment, path: ["evil\u{1B}[2J"], position: .text(line: 1, column: 1), detail: "note\u{7}")
        let text = ConversionReport([loss]).text(file: "a\nb")
        #expect(text == "a\\nb:1:1: comment at [\"evil\\u{1B}[2J\"]: note\\u{7}\n")
        #expect(!text.dropLast().contains { $0.isNewline })
    }

    @Test("a report over several documents names each entry's document")
    func documents() throws {
        let report = ConversionReport([try Self.loss(.anchor, "a", document: 1), try Self.loss(.anchor, "b", document: 2)])
        #expect(report.text() == "1:1 (document 1): anchor at a: lost\n1:1 (document 2): anchor at b: lost\n")
    }

    @Test("the value form lists every entry with kind, document, path and position, and counts per kind")
    func value() throws {
        let report = ConversionReport([
            try Self.loss(.comment, "a.b", line: 2, column: 3),
            ConversionLoss(.nonStringKey, document: 2, path: ["1"], position: .byteOffset(9), detail: "d"),
            ConversionLoss(.wrappedRoot, path: .root, detail: "w"),
        ])
        let value = report.value(file: "x.yaml")
        #expect(value["file"]?.string == "x.yaml")
        #expect(value["count"]?.int == 3)
        #expect(value["counts"]?["comment"]?.int == 1)
        #expect(value["counts"]?["nonStringKey"]?.int == 1)
        let entries = try #require(value["losses"]?.array)
        #expect(entries.count == 3)
        #expect(entries[0]["kind"]?.string == "comment")
        #expect(entries[0]["path"]?.string == "a.b")
        #expect(entries[0]["line"]?.int == 2)
        #expect(entries[0]["column"]?.int == 3)
        #expect(entries[0]["detail"]?.string == "lost")
        #expect(entries[1]["document"]?.int == 2)
        #expect(entries[1]["path"]?.string == #"["1"]"#)
        #expect(entries[1]["byteOffset"]?.int == 9)
        #expect(entries[1]["line"] == nil)
        #expect(entries[2]["path"]?.string == "")
        #expect(entries[2]["line"] == nil && entries[2]["byteOffset"] == nil)
        #expect(try DataPath(parsing: entries[1]["path"]?.string ?? "x") == ["1"])
    }
}
