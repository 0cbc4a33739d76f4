import DataMapperSQLite
import DataMapperTestSupport
import GRDB
import Testing

// A store over a DatabasePool (WAL) used from several tasks. The models are classes
// that are not Sendable: the tasks return counts, never models.

@Suite("SQLiteStore used from several tasks")
struct ConcurrencyTests {
    /// A migrated pool over a database file; keep `files` alive as long as the pool.
    private static func pool() throws -> (TemporaryFiles, DatabasePool) {
        let files = try TemporaryFiles()
        let pool = try DatabasePool(path: files.path("library.sqlite"))
        try migrate(pool)
        return (files, pool)
    }

    /// `count` people whose e-mails start with `prefix`, each with a phone and tag 1.
    private static func people(_ count: Int, prefix: String, firstPhone: Int = 0) -> String {
        let people = (0..<count).map { index in
            #"{"user_email": "\#(prefix)\#(index)@example.com", "name": "N", "#
                + #""phones": [{"id": \#(firstPhone + index), "number": "1"}], "tags": [{"id": 1, "label": "shared"}]}"#
        }
        return "[" + people.joined(separator: ",") + "]"
    }

    @Test("a reader sees the database before or after an import, never in between")
    func readersSeeBeforeOrAfter() async throws {
        let (files, pool) = try Self.pool()
        defer { withExtendedLifetime(files) {} }
        let store = try SQLiteStore(pool, tables: LibraryMappings().tables)
        let total = 1_500
        let payload = Self.people(total, prefix: "p")

        let seen = try await withThrowingTaskGroup(of: [[Int]]?.self) { group in
            group.addTask {
                // Reads until the import has landed, each read one snapshot.
                var seen: [[Int]] = []
                for _ in 0..<100_000 {
                    let counts = try await pool.read { db in
                        try ["person", "phone", "person_tag"].map { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? -1 }
                    }
                    seen.append(counts)
                    if counts[0] != 0 { break }
                    await Task.yield()
                }
                return seen
            }
            group.addTask {
                _ = try LibraryMappings().importPeople(payload, into: store)
                return nil
            }
            var seen: [[Int]] = []
            for try await case let reads? in group { seen = reads }
            return seen
        }
        #expect(!seen.isEmpty)
        #expect(seen.allSatisfy { $0 == [0, 0, 0] || $0 == [total, total, total] }, "\(Set(seen))")
        #expect(seen.last == [total, total, total])
    }

    @Test("two imports from two tasks both land")
    func twoImports() async throws {
        let (files, pool) = try Self.pool()
        defer { withExtendedLifetime(files) {} }
        let store = try SQLiteStore(pool, tables: LibraryMappings().tables)
        let first = Self.people(400, prefix: "a")
        let second = Self.people(400, prefix: "b", firstPhone: 1_000)
        async let a = Task { try LibraryMappings().importPeople(first, into: store).count }.value
        async let b = Task { try LibraryMappings().importPeople(second, into: store).count }.value
        #expect(try await [a, b] == [400, 400])
        let counts = try await pool.read { db in
            try ["person", "phone", "tag", "person_tag"].map { try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \($0)") ?? -1 }
        }
        #expect(counts == [800, 800, 1, 800], "both imports share tag 1, which one of them inserts")
        #expect(try await pool.read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check").count } == 0)
    }
}
