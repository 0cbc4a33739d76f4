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
    /// The threshold the row's ratio must keep, if the thresholds file has one.
    var threshold: Thresholds.Speed?

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

    /// Whether the row keeps its threshold; nil when none applies or nothing was compared.
    var keepsThreshold: Bool? {
        guard let threshold, let ratio else { return nil }
        return threshold.holds(for: ratio)
    }

    /// The row's `group/document/operation` key.
    var key: String { "\(group)/\(subject)/\(operation)" }
}

/// Prints timed rows as an aligned text table (also valid Markdown), then lines saying
/// which thresholds hold and which rows are guarded below the floor the project aims at.
enum Report {
    static func table(_ rows: [ReportRow]) -> String {
        let header = ["group", "document", "operation", "ours MB/s", "peer", "peer MB/s", "ours/peer", "spread", "rounds", "threshold"]
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
                thresholdCell(row),
            ])
        }
        return MarkdownTable.aligned(lines, numericColumns: [3, 5, 6, 7, 8]) + summary(rows)
    }

    /// The lowest and highest per-round ratio: `0.42–0.51×`.
    private static func spread(_ ratios: [Double]) -> String {
        guard let low = ratios.min(), let high = ratios.max() else { return "-" }
        return ratio(low) + "–" + ratio(high) + "×"
    }

    /// `≥5× ✓` or `≥5× ✗` for a judged row, `-` otherwise.
    private static func thresholdCell(_ row: ReportRow) -> String {
        guard let threshold = row.threshold, let keeps = row.keepsThreshold else { return "-" }
        return threshold.text + (keeps ? " ✓" : " ✗")
    }

    /// A line counting the thresholds kept, naming every row that misses its own, then
    /// the rows whose threshold guards a level below the floor the project aims at.
    static func summary(_ rows: [ReportRow]) -> String {
        let judged = rows.filter { $0.keepsThreshold != nil }
        guard !judged.isEmpty else { return "" }
        let missed = judged.filter { $0.keepsThreshold == false }
        var text = "\nThresholds: \(judged.count - missed.count) of \(judged.count) rows keep theirs"
        text += missed.isEmpty ? ".\n" : "; below:\n"
        for row in missed {
            text += "- \(row.key): \(measured(row)), threshold \(row.threshold?.text ?? "-")\n"
        }
        let short = judged.filter { row in
            guard let floor = row.threshold?.floor, let ratio = row.ratio else { return false }
            return ratio < floor
        }
        if !short.isEmpty {
            text += "\nBelow the speed floor the project aims at (guarded at today's level):\n"
            for row in short {
                let floor = row.threshold?.floor.map { "≥" + Thresholds.Speed.number($0) + "×" } ?? "-"
                text += "- \(row.key): \(measured(row)), floor \(floor)\n"
            }
        }
        return text
    }

    private static func measured(_ row: ReportRow) -> String { row.ratio.map { ratio($0) + "×" } ?? "-" }

    private static func throughput(_ value: Double) -> String {
        value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    /// Two decimals below 10, where floors such as 0.45× sit; one above.
    private static func ratio(_ value: Double) -> String {
        value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
    }
}
