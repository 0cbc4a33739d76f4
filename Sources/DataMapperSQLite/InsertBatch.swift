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
        let rowWritten = row.values.indices.filter { row.values[$0] != nil }
        var full: Rows?
        if count > 0 && (rowWritten != written || values.count + rowWritten.count > SQL.chunkSize) {
            full = finish()
        }
        written = rowWritten
        for offset in rowWritten { values.append(row.values[offset] ?? .null) }
        count += 1
        return full
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
