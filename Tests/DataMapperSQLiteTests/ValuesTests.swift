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

private struct Note {
    var id: Int64 = 0
    var body = ""
    var level: Double?
}

@Suite("Column values in SQLite")
struct ValuesTests {
    private let files: TemporaryFiles
    private let queue: DatabaseQueue
    private let store: SQLiteStore
    private let reading: EntityMapping<Reading>
    private let word: EntityMapping<Word>
    private let note: EntityMapping<Note>

    init() throws {
        files = try TemporaryFiles()
        queue = try DatabaseQueue(path: files.path("values.sqlite"))
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE reading (id INTEGER PRIMARY KEY, valid INTEGER NOT NULL, taken TEXT NOT NULL, count INTEGER);
                CREATE TABLE word (text TEXT PRIMARY KEY, length INTEGER NOT NULL);
                CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL, level REAL);
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
        var note = EntityMapping(entityName: "Note", create: Note.init)
        note.addAttribute(\.id, at: "id")
        note.addAttribute(\.body, at: "body")
        note.addAttribute(\.level, at: "level")
        note.setPrimaryKey(\.id)
        self.reading = reading
        self.word = word
        self.note = note
        store = try SQLiteStore(queue, tables: [SQLiteTable("reading", mapping: reading), SQLiteTable("word", mapping: word),
                                                SQLiteTable("note", mapping: note)])
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

    // SQLite keeps text up to its first U+0000 when GRDB binds it, and NaN as NULL:
    // either would lose the value in silence, so the import refuses it and writes
    // nothing.

    @Test("text holding U+0000 is refused, not cut short")
    func textWithNul() throws {
        let document: SupportedType = [["id": 1, "body": "kept"], ["id": 2, "body": .string("before\u{0}after")]]
        let error = #expect(throws: DataMapperError.self) { try EntityDeserializer().collection(from: document, mapping: note, in: store) }
        #expect(error?.message.contains("U+0000") == true)
        #expect(error?.message.contains("row 2") == true)
        #expect(error?.path == "body")
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note") } == 0)
    }

    @Test("a key holding U+0000 is refused before any lookup")
    func keyWithNul() throws {
        let document: SupportedType = [["text": .string("a\u{0}b"), "length": 3]]
        let error = #expect(throws: DataMapperError.self) { try EntityDeserializer().collection(from: document, mapping: word, in: store) }
        #expect(error?.message.contains("U+0000") == true)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM word") } == 0)
    }

    @Test("NaN is refused, as SQLite would keep NULL; infinities are kept")
    func notANumber() throws {
        let nan: SupportedType = [["id": 1, "body": "b", "level": .double(.nan)]]
        let error = #expect(throws: DataMapperError.self) { try EntityDeserializer().collection(from: nan, mapping: note, in: store) }
        #expect(error?.message.contains("NaN") == true)
        #expect(error?.path == "level")
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM note") } == 0)
        let infinite: SupportedType = [["id": 1, "body": "b", "level": .double(-.infinity)]]
        _ = try EntityDeserializer().collection(from: infinite, mapping: note, in: store)
        let again = try EntityDeserializer().collection(from: [["id": 1]], mapping: note, in: store)
        #expect(again.first?.level == -.infinity)
    }

    @Test("text holding U+0000 that another program stored is read whole, and its save refused")
    func storedTextWithNul() throws {
        try queue.write { try $0.execute(sql: "INSERT INTO note (id, body, level) VALUES (1, 'a' || char(0) || 'b', 1.5)") }
        let error = #expect(throws: DataMapperError.self) {
            try EntityDeserializer().collection(from: [["id": 1, "level": 2.5]], mapping: note, in: store)
        }
        #expect(error?.message.contains("U+0000") == true)
        let row = try #require(try row("SELECT length(CAST(body AS BLOB)) AS bytes, level FROM note"))
        #expect(row["bytes"] == 3)
        #expect(row["level"] == 1.5)
    }
}
