import Foundation

/// The measured result of one comparison row.
struct ReportRow {
    var group: String
    var subject: String
    var operation: String
    var bytes: Int
    var ours: (name: String, median: Duration)
    var peer: (name: String, median: Duration)?

    /// Megabytes (10^6 bytes) of input per second for a median time.
    func megabytesPerSecond(_ median: Duration) -> Double {
        let seconds = median.seconds
        return seconds > 0 ? Double(bytes) / 1e6 / seconds : .infinity
    }

    /// How many times faster ours is than the peer (ours MB/s over peer MB/s).
    var ratio: Double? {
        guard let peer else { return nil }
        let ourSeconds = ours.median.seconds
        return ourSeconds > 0 ? peer.median.seconds / ourSeconds : nil
    }
}

/// Prints rows as an aligned text table (also valid Markdown).
enum Report {
    static func table(_ rows: [ReportRow]) -> String {
        let header = ["group", "document", "operation", "ours MB/s", "peer", "peer MB/s", "ours/peer"]
        var lines: [[String]] = [header]
        for row in rows {
            lines.append([
                row.group,
                row.subject,
                row.operation,
                format(row.megabytesPerSecond(row.ours.median)),
                row.peer?.name ?? "-",
                row.peer.map { format(row.megabytesPerSecond($0.median)) } ?? "-",
                row.ratio.map { String(format: "%.1f×", $0) } ?? "-",
            ])
        }
        var widths = Array(repeating: 0, count: header.count)
        for line in lines {
            for (column, cell) in line.enumerated() { widths[column] = max(widths[column], cell.count) }
        }
        let numeric: Set<Int> = [3, 5, 6]
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

    private static func format(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }
}
