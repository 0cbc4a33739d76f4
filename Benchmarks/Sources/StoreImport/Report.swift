import Foundation

/// The Markdown tables of a run: the timings, then what each contender left and asked.
enum Report {
    static func timings(_ results: [OperationResult], rounds: Int, thresholds: StoreThresholds?) -> String {
        var header = ["operation", "rows", "ours s", "naive s", "naive/ours", "spread", "rounds", "ours rows/s", "naive rows/s", "goal",
                      "batched s", "naive/batched", "spread"]
        if thresholds != nil { header.append("threshold") }
        var lines = [row(header), row(header.map { $0 == "operation" ? "---" : "---:" })]
        for result in results {
            let ratios = result.ratios
            var cells = [
                result.operation.rawValue,
                String(result.rows),
                String(format: "%.3f", result.oursMedian),
                String(format: "%.3f", result.naiveMedian),
                String(format: "%.2f×", result.ratio),
                String(format: "%.2f–%.2f", ratios.min() ?? 0, ratios.max() ?? 0),
                String(rounds),
                String(format: "%.0f", Double(result.rows) / result.oursMedian),
                String(format: "%.0f", Double(result.rows) / result.naiveMedian),
                judged(result.ratio, least: result.operation.goal),
                String(format: "%.3f", result.batchedMedian),
                String(format: "%.2f×", result.batchedRatio),
                String(format: "%.2f–%.2f", result.batchedRatios.min() ?? 0, result.batchedRatios.max() ?? 0),
            ]
            if let thresholds {
                cells.append(thresholds.minimumRatio(for: result.operation.rawValue).map { judged(result.ratio, least: $0) } ?? "-")
            }
            lines.append(row(cells))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func verification(_ verification: Verification) -> String {
        var lines = [
            row(["contender", "operation", "parent rows", "child rows", "statements", "by kind"]),
            row(["---", "---", "---:", "---:", "---:", "---"]),
        ]
        for turn in [verification.ours, verification.naive, verification.batched] {
            for operation in Operation.allCases {
                lines.append(row([
                    turn.contender, operation.rawValue,
                    String(turn.contents[operation]?.parents.count ?? 0),
                    String(turn.contents[operation]?.children.count ?? 0),
                    String(turn.statementTotals[operation] ?? 0),
                    turn.statements[operation] ?? "",
                ]))
            }
        }
        lines.append("")
        for spot in verification.spots {
            lines.append("- \(spot.what): ours `\(spot.ours)`; naive `\(spot.naive)`")
        }
        lines.append("")
        for (word, sql) in verification.ours.examples.sorted(by: { $0.key < $1.key }) {
            lines.append("- ours, first \(word): `\(sql)`")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `≥3× ✓`
    private static func judged(_ ratio: Double, least: Double) -> String {
        "≥" + ratioText(least) + " " + (ratio >= least ? "✓" : "✗")
    }

    /// A ratio without trailing zeros: `3×`, `1.2×`.
    static func ratioText(_ ratio: Double) -> String {
        (ratio == ratio.rounded() ? String(Int(ratio)) : String(ratio)) + "×"
    }

    private static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }
}
