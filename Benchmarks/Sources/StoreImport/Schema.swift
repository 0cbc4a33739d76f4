import Foundation
import GRDB

/// The two tables every contender imports into, made by a GRDB migration in a
/// database file of their own.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("parent and child") { db in
            try db.create(table: "parent") { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("email", .text).notNull()
                table.column("score", .double).notNull()
                table.column("visits", .integer).notNull()
            }
            try db.create(table: "child") { table in
                table.primaryKey("id", .integer)
                table.column("parent_id", .integer).references("parent").indexed()
                table.column("label", .text).notNull()
                table.column("quantity", .integer).notNull()
                table.column("price", .double).notNull()
            }
        }
        return migrator
    }

    /// A new database at `file`, any earlier one (and its journal) deleted first, with
    /// the tables made and empty.
    static func freshDatabase(at file: URL, configuration: Configuration = Configuration()) throws -> DatabaseQueue {
        for suffix in ["", "-journal", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: file.path + suffix)
        }
        let queue = try DatabaseQueue(path: file.path, configuration: configuration)
        try migrator.migrate(queue)
        return queue
    }
}
