import GRDB
import GRDBSQLite

extension DatabaseValue {
    /// The value of the column at `index` of the row `statement` stands on.
    ///
    /// GRDB's `init(sqliteStatement:index:)` reads text as a C string, up to its first
    /// U+0000; this reads it to its length, so that text another program stored with
    /// U+0000 in it comes back whole (and saving it is then refused, see
    /// ``text(_:)``) instead of being cut and written back cut.
    init(column index: CInt, of statement: SQLiteStatement) {
        guard sqlite3_column_type(statement, index) == SQLITE_TEXT else {
            self.init(sqliteStatement: statement, index: index)
            return
        }
        // SQLite's rule: the length is asked for after the text.
        let text = sqlite3_column_text(statement, index)
        let count = Int(sqlite3_column_bytes(statement, index))
        self = String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self).databaseValue
    }
}
