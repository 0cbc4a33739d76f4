import DataMapperCore
import DataMapperStore
import Foundation
import GRDB

/// One side of the comparison, working in a database file of its own.
struct Contender {
    let name: String
    /// Its database file, made afresh for every turn.
    let file: URL
    /// Makes the import of one database, untimed (a store is made once per database,
    /// as an application would); the import returns a count derived from its work.
    let prepare: (DatabaseQueue) throws -> (SupportedType) throws -> Int

    static func ours(in work: URL) -> Contender {
        Contender(name: "DataMapperSQLite", file: work.appendingPathComponent("ours.sqlite")) { queue in
            let ours = try OurImport(queue)
            return { try ours.run($0) }
        }
    }

    /// Our import into an `InMemoryStore` instead of SQLite (the database is made but
    /// not used): what the mapping layer costs by itself, for `--only memory`.
    static func inMemory(in work: URL) -> Contender {
        Contender(name: "InMemoryStore", file: work.appendingPathComponent("unused.sqlite")) { _ in
            let store = InMemoryStore()
            return { try EntityDeserializer().collection(from: $0, mapping: Mappings.parent, in: store).count }
        }
    }

    /// The hand-written batched import, the bound of ours.
    static func batched(in work: URL) -> Contender {
        Contender(name: "batched by hand", file: work.appendingPathComponent("batched.sqlite")) { queue in
            { try BatchedImport.run($0, into: queue) }
        }
    }

    static func naive(in work: URL) -> Contender {
        Contender(name: "naive", file: work.appendingPathComponent("naive.sqlite")) { queue in
            { try NaiveImport.run($0, into: queue) }
        }
    }
}
