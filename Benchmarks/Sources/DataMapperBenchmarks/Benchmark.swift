/// One piece of work to time: a name and a body that does the work once.
///
/// The body returns a number derived from its result (a byte count, an element
/// count) so that the optimizer cannot drop the work; the harness adds it up.
struct Contender {
    /// Who does the work, as printed in the table (`DataMapper`, `JSONSerialization`).
    var name: String
    /// Does the work once.
    var body: () throws -> Int
}

/// One row of the report: our implementation and, optionally, a peer doing the same
/// work on the same input, timed in the same run so that their ratio is meaningful
/// on a noisy machine.
struct Comparison {
    /// The input, as printed (`twitter.json`).
    var subject: String
    /// The operation, as printed (`parse`, `emit compact`).
    var operation: String
    /// The size that throughput is computed from: the bytes of the input document.
    var bytes: Int
    /// Our implementation.
    var ours: Contender
    /// The implementation we compare against, if there is one.
    var peer: Contender?
}

/// A named set of comparisons, such as all JSON rows. Other formats and the mapping
/// layer add their own groups.
struct BenchmarkGroup {
    /// The group's name, as printed and as matched by `--filter` (`json`).
    var name: String
    /// The rows, in report order.
    var comparisons: [Comparison]

    /// The row's key, which `--filter` is matched against and the thresholds file names
    /// rows by: `group/subject/operation`.
    func filterKey(for comparison: Comparison) -> String {
        "\(name)/\(comparison.subject)/\(comparison.operation)"
    }
}
