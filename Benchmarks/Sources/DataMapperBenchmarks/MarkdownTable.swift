/// Aligned text tables that are also valid Markdown, for every report of the harness.
enum MarkdownTable {
    /// `lines` (the first is the header) as a table whose `numeric` columns are
    /// right-aligned.
    static func aligned(_ lines: [[String]], numericColumns numeric: Set<Int>) -> String {
        var widths = Array(repeating: 0, count: lines.first?.count ?? 0)
        for line in lines {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        var text = ""
        for (index, line) in lines.enumerated() {
            let cells = line.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return numeric.contains(column) ? padding + cell : cell + padding
            }
            text += "| " + cells.joined(separator: " | ") + " |\n"
            if index == 0 {
                let rules = widths.enumerated().map { column, width in
                    numeric.contains(column) ? String(repeating: "-", count: width - 1) + ":" : String(repeating: "-", count: width)
                }
                text += "| " + rules.joined(separator: " | ") + " |\n"
            }
        }
        return text
    }
}
