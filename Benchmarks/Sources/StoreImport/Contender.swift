import DataMapperCore
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

    static func naive(in work: URL) -> Contender {
        Contender(name: "naive", file: work.appendingPathComponent("naive.sqlite")) { queue in
            { try NaiveImport.run($0, into: queue) }
        }
    }
}
