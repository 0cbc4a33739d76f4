import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import GRDB
import Testing

// Foreign keys, exact row counts, rollback, and the statements an import runs.

@Suite("Integrity of the database an import writes")
struct IntegrityTests {
    @Test("two imports of overlapping payloads leave exact counts and no foreign key violation")
    func overlappingImports() throws {
        let library = LibraryMappings()
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try library.importPeople("""
            [{"user_email": "ada@example.com", "name": "Ada", "car": {"id": 1, "model": "i30"},
              "phones": [{"id": 10, "number": "111"}, {"id": 11, "number": "222"}],
              "tags": [{"id": 100, "label": "admin"}, {"id": 101, "label": "dev"}]},
             {"user_email": "ben@example.com", "name": "Ben", "phones": [{"id": 12, "number": "333"}],
              "tags": [{"id": 101, "label": "dev"}]}]
            """, into: store)
        _ = try library.importPeople("""
            [{"user_email": "ben@example.com", "name": "Ben", "car": {"id": 1, "model": "i30"},
              "phones": [{"id": 12, "number": "333"}, {"id": 13, "number": "444"}],
              "tags": [{"id": 101, "label": "dev"}, {"id": 102, "label": "ops"}]},
             {"user_email": "cy@example.com", "name": "Cy", "car": {"id": 2, "model": "HB20"},
              "phones": [{"id": 14, "number": "555"}], "tags": [{"id": 102, "label": "ops"}]}]
            """, into: store)
        #expect(try ["person", "car", "phone", "tag", "person_tag"].map(database.count) == [3, 2, 5, 3, 5])
        #expect(try database.personTags() == ["ada@example.com/100", "ada@example.com/101", "ben@example.com/101",
                                              "ben@example.com/102", "cy@example.com/102"])
        #expect(try database.column("SELECT car_id FROM person ORDER BY email", as: Int64.self) == [1, 1, 2])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("a raw foreign key to a missing row fails at commit and rolls the whole import back")
    func rawForeignKeyToAMissingRow() throws {
        struct PhoneRow { var id: Int64 = 0; var number = ""; var owner: String? }
        var phone = EntityMapping(entityName: "Phone", create: PhoneRow.init)
        phone.addAttribute(\.id, at: "id")
        phone.addAttribute(\.number, at: "number")
        phone.addAttribute(\.owner, at: "owner")
        phone.setPrimaryKey(\.id)
        var phones = SQLiteTable("phone", mapping: phone)
        phones.column(\.owner, named: "person_email")

        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: [phones])
        let first = try JSONSerializer().deserialize(fromString: #"[{"id": 10, "number": "111", "owner": null}]"#)
        _ = try EntityDeserializer().collection(from: first, mapping: phone, in: store)
        let failing = try JSONSerializer().deserialize(fromString: """
            [{"id": 10, "number": "999"}, {"id": 11, "number": "222"}, {"id": 12, "number": "333", "owner": "nobody@example.com"}]
            """)
        let error = #expect(throws: DatabaseError.self) { try EntityDeserializer().collection(from: failing, mapping: phone, in: store) }
        #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
        #expect(try database.column("SELECT id || ':' || number FROM phone", as: String.self) == ["10:111"])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("deleting a tag row another person's pair still needs fails at commit and rolls back")
    func deletedRowStillReferenced() throws {
        let library = LibraryMappings(tagPolicy: .collectionReplace)
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try library.importPeople("""
            [{"user_email": "ada@example.com", "name": "Ada", "tags": [{"id": 100, "label": "admin"}, {"id": 101, "label": "dev"}]},
             {"user_email": "ben@example.com", "name": "Ben", "tags": [{"id": 101, "label": "dev"}]}]
            """, into: store)
        // Ada lets tag 101 go, so collectionReplace deletes its row; Ben's pair needs it.
        let error = #expect(throws: DatabaseError.self) {
            try library.importPerson(#"{"user_email": "ada@example.com", "name": "Ada L", "tags": [{"id": 100}]}"#, into: store)
        }
        #expect(error?.extendedResultCode == .SQLITE_CONSTRAINT_FOREIGNKEY)
        #expect(try database.column("SELECT name FROM person WHERE email = 'ada@example.com'", as: String.self) == ["Ada"])
        #expect(try database.personTags() == ["ada@example.com/100", "ada@example.com/101", "ben@example.com/101"])
        #expect(try database.count("tag") == 2)
    }

    // MARK: Statements

    /// 2,500 people, each with a phone.
    private func manyPeople(name: String) -> String {
        let people = (0..<2_500).map { index in
            #"{"user_email": "p\#(index)@example.com", "name": "\#(name)", "phones": [{"id": \#(index), "number": "\#(index)"}]}"#
        }
        return "[" + people.joined(separator: ",\n") + "]"
    }

    /// How many `?` the `IN` list of `sql` holds.
    private func inListCount(_ sql: String) -> Int {
        sql.filter { $0 == "?" }.count
    }

    @Test("an import of 2,500 people looks them up in three SELECTs of at most 999 keys")
    func batchedLookups() throws {
        let log = StatementLog()
        let library = LibraryMappings()
        let database = try LibraryDatabase(log: log)
        let store = try SQLiteStore(database.queue, tables: library.tables)
        log.removeAll()
        _ = try library.importPeople(manyPeople(name: "First"), into: store)
        let personSelects = log.all.filter { $0.hasPrefix("SELECT ") && $0.contains(#" FROM "person" WHERE "email" IN ("#) }
        #expect(personSelects.map(inListCount) == [999, 999, 502])
        let selects = log.all.filter { $0.hasPrefix("SELECT") }
        #expect(selects.count == 6, "people and phones, three each: \(selects.count) SELECTs")
        #expect(selects.allSatisfy { inListCount($0) <= 999 })
        #expect(try database.count("person") == 2_500)
        #expect(try database.count("phone") == 2_500)

        // Again, with every row found: the related rows are looked up in batches too.
        log.removeAll()
        _ = try library.importPeople(manyPeople(name: "Second"), into: store)
        let again = log.all.filter { $0.hasPrefix("SELECT") }
        #expect(again.filter { $0.contains(#" FROM "person" WHERE "email" IN ("#) }.count == 3)
        #expect(again.count < 20, "\(again.count) SELECTs")
        #expect(again.allSatisfy { inListCount($0) <= 999 })
        #expect(log.all.filter { $0.hasPrefix("UPDATE") }.count == 2_500, "one UPDATE per changed name")
    }

    @Test("re-importing an unchanged payload runs no INSERT, UPDATE or DELETE")
    func unchangedReimportWritesNothing() throws {
        let log = StatementLog()
        let library = LibraryMappings()
        let database = try LibraryDatabase(log: log)
        let store = try SQLiteStore(database.queue, tables: library.tables)
        let payload = """
            [{"user_email": "ada@example.com", "name": "Ada", "active": true, "car": {"id": 1, "model": "i30", "year": 2013},
              "phones": [{"id": 10, "number": "111"}, {"id": 11, "number": "222"}],
              "tags": [{"id": 100, "label": "admin"}, {"id": 101, "label": "dev"}]},
             {"user_email": "ben@example.com", "name": "Ben", "active": false, "car": null,
              "phones": [{"id": 12, "number": "333"}], "tags": [{"id": 101, "label": "dev"}]}]
            """
        _ = try library.importPeople(payload, into: store)
        #expect(log.all.contains { $0.hasPrefix("INSERT") }, "the log sees the first import's writes")
        log.removeAll()
        _ = try library.importPeople(payload, into: store)
        let writes = log.all.filter { $0.hasPrefix("INSERT") || $0.hasPrefix("UPDATE") || $0.hasPrefix("DELETE") }
        #expect(writes.isEmpty, "\(writes)")
    }
}
