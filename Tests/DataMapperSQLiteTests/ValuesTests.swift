import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import DataMapperTestSupport
import Foundation
import GRDB
import Testing

// Column values: booleans as 0 and 1, dates as text, NULL, Int64 and text keys. A
// value "reads back" when a second import naming only the key gets it from the row.

private final class Reading {
    var id: Int64 = 0
    var valid = false
    var taken = Date(timeIntervalSince1970: 0)
    var count: Int?
}

private final class Word {
    var text = ""
    var length = 0
}

@Suite("Column values in SQLite")
struct ValuesTests {
    private let files: TemporaryFiles
    private let queue: DatabaseQueue
    private let store: SQLiteStore
    private let reading: EntityMapping<Reading>
    private let word: EntityMapping<Word>

    init() throws {
        files = try TemporaryFiles()
        queue = try DatabaseQueue(path: files.path("values.sqlite"))
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE reading (id INTEGER PRIMARY KEY, valid INTEGER NOT NULL, taken TEXT NOT NULL, count INTEGER);
                CREATE TABLE word (text TEXT PRIMARY KEY, length INTEGER NOT NULL);
                """)
        }
        var reading = EntityMapping(entityName: "Reading", create: Reading.init)
        reading.addAttribute(\.id, at: "id")
        reading.addAttribute(\.valid, at: "valid")
        reading.addAttribute(\.taken, at: "taken", using: ISO8601DateTransformation())
        reading.addAttribute(\.count, at: "count")
        reading.setPrimaryKey(\.id)
        var word = EntityMapping(entityName: "Word", create: Word.init)
        word.addAttribute(\.text, at: "text")
        word.addAttribute(\.length, at: "length")
        word.setPrimaryKey(\.text)
        self.reading = reading
        self.word = word
        store = try SQLiteStore(queue, tables: [SQLiteTable("reading", mapping: reading), SQLiteTable("word", mapping: word)])
    }

    private func importReadings(_ text: String) throws -> [Reading] {
        try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: text), mapping: reading, in: store)
    }

    private func row(_ sql: String) throws -> Row? {
        try queue.read { try Row.fetchOne($0, sql: sql) }
    }

    @Test("a Bool is stored as 0 or 1 and reads back")
    func booleans() throws {
        _ = try importReadings("""
            [{"id": 1, "valid": true, "taken": "2024-05-06T07:08:09Z"}, {"id": 2, "valid": false, "taken": "2024-05-06T07:08:09Z"}]
            """)
        #expect(try queue.read { try Row.fetchAll($0, sql: "SELECT valid, typeof(valid) AS type FROM reading ORDER BY id") }
                    .map { "\($0["valid"] as Int64)/\($0["type"] as String)" } == ["1/integer", "0/integer"])
        let again = try importReadings(#"[{"id": 1}, {"id": 2}]"#)
        #expect(again.map(\.valid) == [true, false])
    }

    @Test("a Date round-trips as RFC 3339 text, and an unchanged one is not rewritten")
    func dates() throws {
        let taken = Date(timeIntervalSince1970: 1_714_979_289.25)
        let text = "2024-05-06T07:08:09.25Z"
        _ = try importReadings(#"[{"id": 1, "valid": true, "taken": "\#(text)"}]"#)
        let stored = try #require(try row("SELECT taken, typeof(taken) AS type FROM reading"))
        #expect(stored["type"] == "text")
        #expect(try ISO8601DateTransformation().transform(from: .string(stored["taken"])) == taken)
        let before = try queue.read { $0.totalChangesCount }
        let again = try importReadings(#"[{"id": 1, "taken": "\#(text)"}]"#)
        #expect(again.first?.taken == taken)
        #expect(try queue.read { $0.totalChangesCount } == before)
    }

    @Test("an optional Int is NULL when absent or null, and reads back as nil")
    func optionalInt() throws {
        _ = try importReadings("""
            [{"id": 1, "valid": true, "taken": "2024-05-06T07:08:09Z", "count": null},
             {"id": 2, "valid": true, "taken": "2024-05-06T07:08:09Z", "count": 7}]
            """)
        #expect(try queue.read { try Row.fetchAll($0, sql: "SELECT typeof(count) FROM reading ORDER BY id") }.map { $0[0] as String }
                == ["null", "integer"])
        let again = try importReadings(#"[{"id": 1}, {"id": 2}, {"id": 2, "count": null}]"#)
        #expect(again.map(\.count) == [nil, nil, nil])
        #expect(try row("SELECT typeof(count) AS type FROM reading WHERE id = 2")?["type"] == "null")
    }

    @Test("Int64 keys beyond a Double's precision find their rows")
    func int64Keys() throws {
        let big: Int64 = 9_007_199_254_740_993  // 2^53 + 1
        _ = try importReadings("""
            [{"id": \(big), "valid": true, "taken": "2024-05-06T07:08:09Z"},
             {"id": \(big - 1), "valid": false, "taken": "2024-05-06T07:08:09Z"},
             {"id": \(Int64.min), "valid": false, "taken": "2024-05-06T07:08:09Z"}]
            """)
        _ = try importReadings(#"[{"id": \#(big), "valid": false}]"#)
        #expect(try queue.read { try Int64.fetchAll($0, sql: "SELECT id FROM reading ORDER BY id") } == [Int64.min, big - 1, big])
        #expect(try queue.read { try Int64.fetchAll($0, sql: "SELECT id FROM reading WHERE valid = 1") }.isEmpty)
    }

    @Test("text keys find their rows, whatever their case and characters")
    func textKeys() throws {
        let import1 = #"[{"text": "Ünïcode \"quoted\"", "length": 1}, {"text": "word", "length": 4}, {"text": "Word", "length": 4}]"#
        let document = try JSONSerializer().deserialize(fromString: import1)
        _ = try EntityDeserializer().collection(from: document, mapping: word, in: store)
        let second = try JSONSerializer().deserialize(fromString: #"[{"text": "Ünïcode \"quoted\"", "length": 15}, {"text": "Word"}]"#)
        let words = try EntityDeserializer().collection(from: second, mapping: word, in: store)
        #expect(words.map(\.length) == [15, 4])
        #expect(try queue.read { try Row.fetchAll($0, sql: "SELECT text, length FROM word ORDER BY text") }
                    .map { "\($0["text"] as String)=\($0["length"] as Int)" } == ["Word=4", "word=4", "Ünïcode \"quoted\"=15"])
    }
}
