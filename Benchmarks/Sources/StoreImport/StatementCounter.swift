import GRDB

/// Counts the SQL statements a connection runs, by their first word (`SELECT`,
/// `INSERT`, `UPDATE`, `DELETE`, `BEGIN`, …), from GRDB's statement trace: every
/// execution of a prepared statement counts once.
final class StatementCounter {
    private(set) var counts: [String: Int] = [:]
    /// The first statement of each kind, to show what the store asks.
    private(set) var examples: [String: String] = [:]

    /// Starts counting the statements of `queue`'s connection.
    func attach(to queue: DatabaseQueue) {
        queue.inDatabase { db in
            db.trace(options: .statement) { [self] event in
                guard case .statement(let statement) = event else { return }
                record(statement.sql)
            }
        }
    }

    /// Stops counting.
    static func detach(from queue: DatabaseQueue) {
        queue.inDatabase { db in db.trace(options: .statement, nil) }
    }

    func reset() {
        counts = [:]
        examples = [:]
    }

    private func record(_ sql: String) {
        let word = sql.prefix { !$0.isWhitespace }.uppercased()
        counts[word, default: 0] += 1
        if examples[word] == nil { examples[word] = String(sql.prefix(160)) }
    }

    /// `SELECT 20, INSERT 60,000, …`, most frequent first.
    var summary: String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }
            .joined(separator: ", ")
    }

    var total: Int { counts.values.reduce(0, +) }
}
