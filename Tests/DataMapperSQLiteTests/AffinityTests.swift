import DataMapper
import DataMapperJSON
@testable import DataMapperSQLite
import DataMapperStore
import DataMapperTestSupport
import GRDB
import Testing

// SQLite converts a value to its column's affinity, sometimes into another value:
// the import refuses those, names the row and the attribute, and writes nothing.
// Values the conversion keeps (or changes without loss) are stored.

private struct Sample {
    var id: Int64 = 0
    var big: UInt64?
    var amount: String?
    var zip: String?
    var ratio: Int64?
    var label: Double?
    var taken: String?
    var anything: String?
}

@Suite("Column affinity in SQLite")
struct AffinityTests {
    private let files: TemporaryFiles
    private let queue: DatabaseQueue
    private let store: SQLiteStore
    private let sample: EntityMapping<Sample>

    init() throws {
        files = try TemporaryFiles()
        queue = try DatabaseQueue(path: files.path("affinity.sqlite"))
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE sample (id INTEGER PRIMARY KEY, big BIGINT, amount DECIMAL(30, 22), zip INTEGER,
                                     ratio DOUBLE PRECISION, label VARCHAR(20), taken DATETIME, anything)
                """)
        }
        var sample = EntityMapping(entityName: "Sample", create: Sample.init)
        sample.addAttribute(\.id, at: "id")
        sample.addAttribute(\.big, at: "big")
        sample.addAttribute(\.amount, at: "amount")
        sample.addAttribute(\.zip, at: "zip")
        sample.addAttribute(\.ratio, at: "ratio")
        sample.addAttribute(\.label, at: "label")
        sample.addAttribute(\.taken, at: "taken")
        sample.addAttribute(\.anything, at: "anything")
        sample.setPrimaryKey(\.id)
        self.sample = sample
        store = try SQLiteStore(queue, tables: [SQLiteTable("sample", mapping: sample)])
    }

    private func importJSON(_ text: String) throws -> [Sample] {
        try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: text), mapping: sample, in: store)
    }

    /// The stored value of `column` and its SQLite type, as `value/type`.
    private func stored(_ column: String) throws -> String? {
        try queue.read { db in
            try Row.fetchOne(db, sql: "SELECT \(column) AS value, typeof(\(column)) AS type FROM sample").map {
                "\($0["value"] as DatabaseValue)/\($0["type"] as String)"
            }
        }
    }

    @Test("a value the column's affinity would change is refused, and nothing is written",
          arguments: [
              (#"{"id": 1, "big": 18446744073709551615}"#, "big"),
              (#"{"id": 1, "amount": "0.1000000000000000000001"}"#, "amount"),
              (#"{"id": 1, "zip": "007"}"#, "zip"),
              (#"{"id": 1, "zip": " 1e3 "}"#, "zip"),
              (#"{"id": 1, "ratio": 9007199254740993}"#, "ratio"),
              (#"{"id": 1, "label": 0.30000000000000004}"#, "label"),
          ])
    func refused(document: String, column: String) throws {
        let error = #expect(throws: DataMapperError.self) { try importJSON("[{\"id\": 2}, \(document)]") }
        #expect(error?.path == DataPath(stringLiteral: column))
        #expect(error?.message.contains("row 1 of table \"sample\"") == true)
        #expect(error?.message.contains("affinity") == true)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sample") } == 0)
    }

    @Test("a value the affinity keeps, or converts without loss, is stored",
          arguments: [
              (#"{"id": 1, "big": 42}"#, "big", "42/integer"),
              (#"{"id": 1, "amount": "n/a"}"#, "amount", "\"n/a\"/text"),
              (#"{"id": 1, "zip": "0x10"}"#, "zip", "\"0x10\"/text"),
              (#"{"id": 1, "ratio": 9007199254740992}"#, "ratio", "9007199254740992.0/real"),
              (#"{"id": 1, "label": 0.5}"#, "label", "\"0.5\"/text"),
              (#"{"id": 1, "taken": "2024-05-06T07:08:09Z"}"#, "taken", "\"2024-05-06T07:08:09Z\"/text"),
              (#"{"id": 1, "anything": "007"}"#, "anything", "\"007\"/text"),
          ])
    func stored(document: String, column: String, expected: String) throws {
        _ = try importJSON("[\(document)]")
        #expect(try stored(column) == expected)
    }

    // The key's column is its attribute's, checked like any other.
    @Test("a text key an INTEGER key column would make a number is refused")
    func textKeyInIntegerColumn() throws {
        try queue.write { try $0.execute(sql: "CREATE TABLE code (code INTEGER PRIMARY KEY, name TEXT)") }
        var code = EntityMapping(entityName: "Code", create: { (code: "", name: "") })
        code.addAttribute(\.code, at: "code")
        code.addAttribute(\.name, at: "name")
        code.setPrimaryKey(\.code)
        let codes = try SQLiteStore(queue, tables: [SQLiteTable("code", mapping: code)])
        let document = try JSONSerializer().deserialize(fromString: #"[{"code": "007", "name": "bond"}]"#)
        let error = #expect(throws: DataMapperError.self) { try EntityDeserializer().collection(from: document, mapping: code, in: codes) }
        #expect(error?.message.contains("row \"007\" of table \"code\"") == true)
        #expect(error?.message.contains("INTEGER affinity") == true)
        #expect(error?.path == "code")
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM code") } == 0)
    }

    @Test("an integer key in a TEXT key column is refused, as it would not be found again")
    func integerKeyInTextColumn() throws {
        try queue.write { try $0.execute(sql: "CREATE TABLE badge (number TEXT PRIMARY KEY, holder TEXT)") }
        var badge = EntityMapping(entityName: "Badge", create: { (number: 0, holder: "") })
        badge.addAttribute(\.number, at: "number")
        badge.addAttribute(\.holder, at: "holder")
        badge.setPrimaryKey(\.number)
        let badges = try SQLiteStore(queue, tables: [SQLiteTable("badge", mapping: badge)])
        let document = try JSONSerializer().deserialize(fromString: #"[{"number": 42, "holder": "Ada"}]"#)
        let error = #expect(throws: DataMapperError.self) { try EntityDeserializer().collection(from: document, mapping: badge, in: badges) }
        #expect(error?.message.contains("integer key") == true)
        #expect(error?.path == "number")
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM badge") } == 0)
    }

    @Test("the declared types of a table whose name needs quoting are read")
    func quotedTableName() throws {
        try queue.write { try $0.execute(sql: #"CREATE TABLE "odd ""name""" ("order" INTEGER PRIMARY KEY, "select" INTEGER)"#) }
        var odd = EntityMapping(entityName: "Odd", create: { (order: Int64(0), select: "") })
        odd.addAttribute(\.order, at: "order")
        odd.addAttribute(\.select, at: "select")
        odd.setPrimaryKey(\.order)
        let oddStore = try SQLiteStore(queue, tables: [SQLiteTable("odd \"name\"", mapping: odd)])
        let refused = try JSONSerializer().deserialize(fromString: #"[{"order": 1, "select": "12"}]"#)
        let error = #expect(throws: DataMapperError.self) { try EntityDeserializer().collection(from: refused, mapping: odd, in: oddStore) }
        #expect(error?.message.contains("INTEGER affinity") == true)
        let kept = try JSONSerializer().deserialize(fromString: #"[{"order": 1, "select": "twelve"}]"#)
        _ = try EntityDeserializer().collection(from: kept, mapping: odd, in: oddStore)
        #expect(try queue.read { try String.fetchOne($0, sql: #"SELECT "select" FROM "odd ""name""""#) } == "twelve")
    }

    @Test("SQLite's rules for a declared type's affinity, in their order")
    func affinityRules() {
        let types = ["BIGINT", "VARCHAR(20)", "", "BLOB", "DOUBLE PRECISION", "FLOATING POINT", "DECIMAL(10,5)", "DATETIME",
                     "CHARINT", "text"]
        #expect(types.map { ColumnAffinity(declaredType: $0).description }
                    == ["INTEGER", "TEXT", "BLOB", "BLOB", "REAL", "INTEGER", "NUMERIC", "NUMERIC", "INTEGER", "TEXT"])
    }

    @Test("text SQLite reads as a number under a numeric affinity")
    func numericText() {
        let numeric = ["0", "007", "-1.5", "+.5", "5.", "1e3", "1E-3", " 42\n", "\t-0.0e+10 "]
        let other = ["", " ", ".", "-", "e3", "1e", "1e+", "0x10", "1.2.3", "12a", "inf", "NaN", "1 2", "١٢"]
        #expect(numeric.filter { !ColumnAffinity.looksNumeric($0) } == [])
        #expect(other.filter(ColumnAffinity.looksNumeric) == [])
    }
}
