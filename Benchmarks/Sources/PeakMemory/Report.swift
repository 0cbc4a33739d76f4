import BenchmarkSupport
import Foundation

/// What one conversion cost.
struct ConversionResult {
    let conversion: Conversion
    let inputBytes: Int
    let peakKiB: Int
    let wallTime: Duration
    /// The peak the issue allows for this conversion (see `Conversion.goalBytes`).
    let goalBytes: Int

    var peakMiB: Double { Double(peakKiB) / 1024 }

    /// Bytes of peak resident memory per byte of input.
    var peakPerInputByte: Double { Double(peakKiB) * 1024 / Double(inputBytes) }
}

/// The Markdown table of the results, with the ceilings when a thresholds file was read.
enum Report {
    static func table(_ results: [ConversionResult], ceilings: PeakMemoryCeilings?) -> String {
        var header = ["conversion", "input MB", "peak MiB", "peak / input", "goal MiB", "seconds"]
        if ceilings != nil { header.append("ceiling MiB") }
        var lines = [row(header), row(header.map { $0 == "conversion" ? "---" : "---:" })]
        for result in results {
            var cells = [
                result.conversion.name,
                String(format: "%.1f", Double(result.inputBytes) / 1e6),
                String(format: "%.0f", result.peakMiB),
                String(format: "%.2f×", result.peakPerInputByte),
                "\(result.goalBytes >> 20) \(result.peakKiB <= result.goalBytes >> 10 ? "✓" : "✗")",
                String(format: "%.1f", result.wallTime.seconds),
            ]
            if let ceilings {
                cells.append(ceilings.maximumMiB(for: result.conversion.name).map { maximum in
                    "\(maximum) \(result.peakMiB <= Double(maximum) ? "✓" : "✗")"
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
