import DataMapperStore
import GRDB

/// The writes an import gathers until it is done.
struct PendingWrites {
    /// The rows saved, by entity and key, in the order first saved.
    private(set) var rows: [Target: [(String, DatabaseValue)]] = [:]
    private(set) var order: [Target] = []
    /// The objects deleted.
    var deletions: [Target] = []
    /// The related keys of saved owners whose to-many relationships a child column keeps.
    var childLinks: [ChildLinks] = []
    /// The related keys of saved owners whose to-many relationships a join table keeps.
    var joins: [JoinLinks] = []

    /// Saves `columns` as the row of `key`; a later save of the same row sets its
    /// columns over the earlier ones.
    mutating func save(_ columns: [(String, DatabaseValue)], entity: String, key: PrimaryKey) {
        let target = Target(entity: entity, key: key)
        guard var row = rows[target] else {
            rows[target] = columns
            order.append(target)
            return
        }
        for (column, value) in columns {
            if let offset = row.firstIndex(where: { $0.0 == column }) { row[offset].1 = value } else { row.append((column, value)) }
        }
        rows[target] = row
    }
}

/// The children a saved owner's to-many relationship holds, kept by a column of the
/// children's table.
struct ChildLinks {
    let childEntity: String
    let column: String
    let owner: PrimaryKey
    let children: [PrimaryKey]
    /// The children it held when the import found it.
    let previous: [PrimaryKey]
}

/// The children a saved owner's to-many relationship holds, kept by a join table.
struct JoinLinks {
    let table: String
    let ownerColumn: String
    let childColumn: String
    let owner: PrimaryKey
    let children: [PrimaryKey]
    /// The children it held when the import found it.
    let previous: [PrimaryKey]
}
