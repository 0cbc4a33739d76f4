import ArgumentParser
import DataMapperCore
import DataMapperFormats
import Foundation

/// Hands a conversion's loss report to where ``LossReportOptions`` send it: standard
/// error as text, a file as JSON, and under `--strict` a refusal.
struct LossReportDelivery {
    let options: LossReportOptions
    /// The input's name, as messages print it.
    let inputName: String
    let source: DataFormat
    let target: DataFormat

    /// Prints and writes `report`, then refuses the conversion (exit status 1) when
    /// `--strict` is set and the report is not empty. Call it before writing any output.
    /// - Throws: `ExitCode.failure` when refusing; ``DataMapperError`` when the
    ///   `--report` file cannot be written.
    func deliver(_ report: ConversionReport) throws {
        if let path = options.report {
            let json = try DataFormat.json.write(report.value(file: inputName), options: FormatWriteOptions(style: .pretty))
            try OutputSink(argument: path).write(json)
        }
        let refused = options.strict && !report.isEmpty
        if !report.isEmpty, !options.quiet || refused {
            StandardError.print(heading(for: report, refused: refused).escapingControlCharacters)
            FileHandle.standardError.write(Data(report.text(file: inputName).utf8))
        }
        if refused { throw ExitCode.failure }
    }

    private func heading(for report: ConversionReport, refused: Bool) -> String {
        let count = report.losses.count
        let things = count == 1 ? "1 thing" : "\(count) things"
        let conversion = "\(inputName): converting \(source.name) to \(target.name)"
        if refused { return "\(conversion) would lose \(things); refused by --strict, nothing written:" }
        return "\(conversion) loses \(things) (--strict refuses such a conversion, --quiet hides this report):"
    }
}
