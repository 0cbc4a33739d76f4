import DataMapperCore
import GRDB

// A stand-in until DataMapperSQLite is merged from `main`: it runs the naive import,
// so that the harness builds and its checks can be tried. The next commit replaces it
// with the import through `SQLiteStore`.
struct OurImport {
    let queue: DatabaseQueue

    init(_ writer: DatabaseQueue) throws { queue = writer }

    func run(_ document: SupportedType) throws -> Int { try NaiveImport.run(document, into: queue) }
}
