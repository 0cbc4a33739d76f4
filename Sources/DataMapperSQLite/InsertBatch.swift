import GRDB

/// New rows of one table gathered into `INSERT`s of several rows: consecutive rows
/// that write the same columns, at most ``SQL/chunkSize`` values in all.
struct InsertBatch {
    /// Rows ready to insert in one statement.
    struct Rows {
        let table: TableState
        /// The offsets of the columns written, the same for every row.
        let written: [Int]
        /// The values of the written columns, row after row.
        let values: [DatabaseValue]
        /// The number of rows.
        let count: Int
    }

    let table: TableState
    private var written: [Int] = []
    private var values: [DatabaseValue] = []
    private var count = 0

    init(table: TableState) {
        self.table = table
    }

    /// Adds `row` (one value per column, `nil` for a column not written); returns the
    /// rows gathered before it when it cannot join them.
    mutating func add(_ row: PendingRow) -> Rows? {
        var full: Rows?
        if count > 0 && (!Self.writes(row.values, exactly: written) || values.count + written.count > SQL.chunkSize) {
            full = finish()
        }
        if count == 0 {
            written = row.values.indices.filter { row.values[$0] != nil }
            values.reserveCapacity(SQL.chunkSize)
        }
        for offset in written { values.append(row.values[offset] ?? .null) }
        count += 1
        return full
    }

    /// Whether the values of `row` that are not `nil` are those at `written`, the
    /// offsets of the columns a batch writes, in increasing order.
    private static func writes(_ row: [DatabaseValue?], exactly written: [Int]) -> Bool {
        var next = 0
        for index in row.indices where row[index] != nil {
            guard next < written.count, written[next] == index else { return false }
            next += 1
        }
        return next == written.count
    }

    /// The rows gathered and not yet returned, if any; the batch is then empty.
    mutating func finish() -> Rows? {
        guard count > 0 else { return nil }
        let rows = Rows(table: table, written: written, values: values, count: count)
        values.removeAll(keepingCapacity: true)
        count = 0
        return rows
    }
}
