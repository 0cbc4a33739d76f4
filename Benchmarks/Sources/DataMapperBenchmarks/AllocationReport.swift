/// The allocations of one run of each side of a row, and the ceiling ours must keep.
struct AllocationRow {
    /// The row's `group/document/operation` key.
    var key: String
    var group: String
    var subject: String
    var operation: String
    /// Allocations of one run of ours.
    var ours: Int
    /// The peer's name and its allocations of one run; nil when the row has no peer.
    var peer: (name: String, allocations: Int)?
    /// The ceiling from the thresholds file, if it has one for the row.
    var ceiling: Thresholds.Allocations?

    /// Whether ours stays within its ceiling; nil when the row has none.
    var keepsCeiling: Bool? { ceiling.map { ours <= $0.maximum } }
}

/// Prints allocation rows as a table, then a line saying which ceilings hold.
enum AllocationReport {
    static func table(_ rows: [AllocationRow]) -> String {
        var lines = [["group", "document", "operation", "ours allocs", "peer", "peer allocs", "ceiling"]]
        for row in rows {
            lines.append([
                row.group, row.subject, row.operation, String(row.ours),
                row.peer?.name ?? "-", row.peer.map { String($0.allocations) } ?? "-",
                row.ceiling.map { "≤\($0.maximum)" + (row.keepsCeiling == true ? " ✓" : " ✗") } ?? "-",
            ])
        }
        return MarkdownTable.aligned(lines, numericColumns: [3, 5]) + summary(rows)
    }

    static func summary(_ rows: [AllocationRow]) -> String {
        let judged = rows.filter { $0.keepsCeiling != nil }
        guard !judged.isEmpty else { return "" }
        let over = judged.filter { $0.keepsCeiling == false }
        var text = "\nAllocation ceilings: \(judged.count - over.count) of \(judged.count) rows keep theirs"
        text += over.isEmpty ? ".\n" : "; over:\n"
        for row in over {
            text += "- \(row.key): \(row.ours) allocations, ceiling \(row.ceiling?.maximum ?? 0)\n"
        }
        return text
    }
}
