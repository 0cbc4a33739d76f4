import BenchmarkSupport
import DataMapperCore
import GRDB

/// The import people write by hand, the peer of ours: in one write transaction, for
/// every parent and every child of the document, a lookup by primary key, then an
/// INSERT when the row is absent or an UPDATE of every column when it is present,
/// whether or not anything changed. Every statement is prepared once
/// (`cachedStatement(sql:)`), and the values are read from the document by hand.
///
/// The lookup selects only `1`, the cheapest lookup there is: the peer is as quick
/// as a hand-written import gets without comparing rows.
enum NaiveImport {
    /// Imports `document` into `writer`; returns the number of rows written.
    static func run(_ document: SupportedType, into writer: some DatabaseWriter) throws -> Int {
        guard let parents = document.array else { throw BenchmarkError("the document is not an array") }
        return try writer.write { db in
            let findParent = try db.cachedStatement(sql: "SELECT 1 FROM parent WHERE id = ?")
            let insertParent = try db.cachedStatement(sql: "INSERT INTO parent (id, name, email, score, visits) VALUES (?, ?, ?, ?, ?)")
            let updateParent = try db.cachedStatement(sql: "UPDATE parent SET name = ?, email = ?, score = ?, visits = ? WHERE id = ?")
            let findChild = try db.cachedStatement(sql: "SELECT 1 FROM child WHERE id = ?")
            let insertChild = try db.cachedStatement(sql: "INSERT INTO child (id, parent_id, label, quantity, price) VALUES (?, ?, ?, ?, ?)")
            let updateChild = try db.cachedStatement(sql: "UPDATE child SET parent_id = ?, label = ?, quantity = ?, price = ? WHERE id = ?")
            var written = 0
            for parent in parents {
                let id = try field(parent, "id", \.int64)
                let name = try field(parent, "name", \.string)
                let email = try field(parent, "email", \.string)
                let score = try field(parent, "score", \.double)
                let visits = try field(parent, "visits", \.int)
                if try Int.fetchOne(findParent, arguments: [id]) == nil {
                    try insertParent.execute(arguments: [id, name, email, score, visits])
                } else {
                    try updateParent.execute(arguments: [name, email, score, visits, id])
                }
                written += 1
                for child in try field(parent, "children", \.array) {
                    let childID = try field(child, "id", \.int64)
                    let label = try field(child, "label", \.string)
                    let quantity = try field(child, "quantity", \.int)
                    let price = try field(child, "price", \.double)
                    if try Int.fetchOne(findChild, arguments: [childID]) == nil {
                        try insertChild.execute(arguments: [childID, id, label, quantity, price])
                    } else {
                        try updateChild.execute(arguments: [id, label, quantity, price, childID])
                    }
                    written += 1
                }
            }
            return written
        }
    }

    /// The value of `key` in the dictionary `record`, read by `accessor`.
    private static func field<Value>(_ record: SupportedType, _ key: String, _ accessor: KeyPath<SupportedType, Value?>) throws -> Value {
        guard let value = record[key]?[keyPath: accessor] else {
            throw BenchmarkError("a record has no usable \"\(key)\": \(record)")
        }
        return value
    }
}
