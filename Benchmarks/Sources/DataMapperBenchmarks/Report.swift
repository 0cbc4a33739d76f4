import BenchmarkSupport
import Foundation

/// The measured result of one comparison row.
struct ReportRow {
    var group: String
    var subject: String
    var operation: String
    var bytes: Int
    /// Our name and, per round, our median time of one run.
    var ours: (name: String, rounds: [Duration])
    /// The peer's name and, per round, its median time of one run; nil when no peer was timed.
    var peer: (name: String, rounds: [Duration])?
    /// The floor the row's ratio must keep, if one applies.
    var floor: SpeedFloor?

    /// Megabytes (10^6 bytes) of input per second, from the median of per-round times.
    func megabytesPerSecond(_ rounds: [Duration]) -> Double {
        let seconds = median(of: rounds).seconds
        return seconds > 0 ? Double(bytes) / 1e6 / seconds : .infinity
    }

    /// Per round, how many times faster ours was than the peer.
    var ratios: [Double] {
        guard let peer else { return [] }
        return RowTiming(ours: ours.rounds, peer: peer.rounds).ratios
    }

    /// The row's ratio: the median of the per-round ratios.
    var ratio: Double? {
        let ratios = ratios
        return ratios.isEmpty ? nil : median(of: ratios)
    }

    /// Whether the row keeps its floor; nil when no floor applies or nothing was compared.
    var keepsFloor: Bool? {
        guard let floor, let ratio else { return nil }
        return floor.holds(for: ratio)
    }
}

/// Prints rows as an aligned text table (also valid Markdown), then a line saying
/// which speed floors hold.
enum Report {
    static func table(_ rows: [ReportRow]) -> String {
        let header = ["group", "document", "operation", "ours MB/s", "peer", "peer MB/s", "ours/peer", "spread", "rounds", "floor"]
        var lines: [[String]] = [header]
        for row in rows {
            lines.append([
                row.group,
                row.subject,
                row.operation,
                throughput(row.megabytesPerSecond(row.ours.rounds)),
                row.peer?.name ?? "-",
                row.peer.map { throughput(row.megabytesPerSecond($0.rounds)) } ?? "-",
                row.ratio.map { ratio($0) + "×" } ?? "-",
                spread(row.ratios),
                String(row.ours.rounds.count),
                floorCell(row),
            ])
        }
        return aligned(lines, numericColumns: [3, 5, 6, 7, 8]) + floorSummary(rows)
    }

    /// The lowest and highest per-round ratio: `0.42–0.51×`.
    private static func spread(_ ratios: [Double]) -> String {
        guard let low = ratios.min(), let high = ratios.max() else { return "-" }
        return ratio(low) + "–" + ratio(high) + "×"
    }

    /// `≥5× ✓` or `≥5× ✗` for a judged row, `-` otherwise.
    private static func floorCell(_ row: ReportRow) -> String {
        guard let floor = row.floor, let keeps = row.keepsFloor else { return "-" }
        return floor.text + (keeps ? " ✓" : " ✗")
    }

    /// One line counting the floors kept, naming every row that misses its floor.
    private static func floorSummary(_ rows: [ReportRow]) -> String {
        let judged = rows.filter { $0.keepsFloor != nil }
        guard !judged.isEmpty else { return "" }
        let missed = judged.filter { $0.keepsFloor == false }
        var text = "\nSpeed floors: \(judged.count - missed.count) of \(judged.count) rows keep theirs"
        if missed.isEmpty { return text + ".\n" }
        text += "; below:\n"
        for row in missed {
            let measured = row.ratio.map { ratio($0) + "×" } ?? "-"
            text += "- \(row.group)/\(row.subject)/\(row.operation): \(measured), floor \(row.floor?.text ?? "-")\n"
        }
        return text
    }

    private static func aligned(_ lines: [[String]], numericColumns numeric: Set<Int>) -> String {
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

    private static func throughput(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    /// Two decimals below 10, where floors such as 0.45× sit; one above.
    private static func ratio(_ value: Double) -> String {
        value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }
}
