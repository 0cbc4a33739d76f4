import Foundation

/// The Markdown table of the jobs, with the thresholds when a thresholds file was read.
enum Report {
    static func table(_ results: [JobResult], thresholds: EndToEndThresholds?) -> String {
        var header = ["job", "input MB", "ours s", "ours peak MiB", "peer", "peer s", "peer peak MiB", "ours/peer", "goal"]
        if thresholds != nil { header.append("threshold") }
        var lines = [row(header), row(header.map { ["job", "peer"].contains($0) ? "---" : "---:" })]
        for result in results {
            var cells = [
                result.job.name,
                String(format: "%.1f", Double(result.inputBytes) / 1e6),
                String(format: "%.2f", result.ours.medianSeconds),
                String(format: "%.0f", result.ours.peakMiB),
            ]
            switch result.peer {
            case .success(let peer):
                cells += [
                    result.job.peerName, String(format: "%.2f", peer.medianSeconds),
                    String(format: "%.0f", peer.peakMiB),
                ]
            case .failure:
                cells += [result.job.peerName + " (skipped)", "-", "-"]
            }
            let ratio = result.ratio
            cells.append(ratio.map { String(format: "%.2f×", $0) } ?? "-")
            cells.append(result.job.goal.text + (ratio.map { result.job.goal.holds(for: $0) ? " ✓" : " ✗" } ?? ""))
            if let thresholds {
                cells.append(thresholds.minimumRatio(for: result.job.name).map { minimum in
                    let threshold = Goal(minimumRatio: minimum, strictly: false)
                    return threshold.text + (ratio.map { threshold.holds(for: $0) ? " ✓" : " ✗" } ?? "")
                } ?? "-")
            }
            lines.append(row(cells))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: [String]) -> String {
        "| " + cells.joined(separator: " | ") + " |"
    }
}
