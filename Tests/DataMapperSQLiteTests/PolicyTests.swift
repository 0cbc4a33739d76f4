import DataMapperSQLite
import Testing

// Every assignment policy against a database file, checked by the rows a second
// import leaves. Ada starts with car 1, phones 10 and 11 and tags 100 and 101; Ben
// with phone 12 and tag 102.

private let start = """
[{"user_email": "ada@example.com", "name": "Ada", "car": {"id": 1, "model": "i30", "year": 2013},
  "phones": [{"id": 10, "number": "111"}, {"id": 11, "number": "222"}],
  "tags": [{"id": 100, "label": "admin"}, {"id": 101, "label": "dev"}]},
 {"user_email": "ben@example.com", "name": "Ben",
  "phones": [{"id": 12, "number": "333"}], "tags": [{"id": 102, "label": "ops"}]}]
"""

@Suite("Assignment policies against SQLite")
struct PolicyTests {
    /// A database holding `start`, imported with `library`.
    private func started(_ library: LibraryMappings) throws -> (LibraryDatabase, SQLiteStore) {
        let database = try LibraryDatabase()
        let store = try SQLiteStore(database.queue, tables: library.tables)
        _ = try library.importPeople(start, into: store)
        return (database, store)
    }

    private func ada(_ body: String, _ library: LibraryMappings, into store: SQLiteStore) throws -> Person {
        try library.importPerson(#"{"user_email": "ada@example.com", "# + body + "}", into: store)
    }

    private func carOfAda(_ database: LibraryDatabase) throws -> Int64? {
        try database.column("SELECT car_id FROM person WHERE email = 'ada@example.com'", as: Int64.self).first ?? nil
    }

    private func ownersOfPhones(_ database: LibraryDatabase) throws -> [String] {
        try database.column("SELECT id || ':' || IFNULL(person_email, '-') FROM phone ORDER BY id", as: String.self).map { $0 ?? "?" }
    }

    private func ids(_ table: String, _ database: LibraryDatabase) throws -> [Int64] {
        try database.column("SELECT id FROM \(table) ORDER BY id", as: Int64.self).compactMap { $0 }
    }

    // MARK: To-one

    @Test("to-one assign: a new car replaces the old; null clears car_id; no car row goes")
    func toOneAssign() throws {
        let library = LibraryMappings(carPolicy: .assign)
        let (database, store) = try started(library)
        _ = try ada(#""car": {"id": 2, "model": "HB20"}"#, library, into: store)
        #expect(try carOfAda(database) == 2)
        _ = try ada(#""name": "Ada L""#, library, into: store)
        #expect(try carOfAda(database) == 2, "a missing key leaves the relationship")
        let person = try ada(#""car": null"#, library, into: store)
        #expect(person.car == nil)
        #expect(try carOfAda(database) == nil)
        #expect(try ids("car", database) == [1, 2])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("objectMerge: null keeps car_id; another car replaces it")
    func objectMerge() throws {
        let library = LibraryMappings(carPolicy: .objectMerge)
        let (database, store) = try started(library)
        let person = try ada(#""car": null"#, library, into: store)
        #expect(person.car == Car(id: 1, model: "i30", year: 2013))
        #expect(try carOfAda(database) == 1)
        _ = try ada(#""car": {"id": 2, "model": "HB20"}"#, library, into: store)
        #expect(try carOfAda(database) == 2)
        #expect(try ids("car", database) == [1, 2])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("objectReplace: the old car row is deleted when Ada gets another car")
    func objectReplaceDeletes() throws {
        let library = LibraryMappings(carPolicy: .objectReplace)
        let (database, store) = try started(library)
        _ = try ada(#""car": {"id": 2, "model": "HB20"}"#, library, into: store)
        #expect(try carOfAda(database) == 2)
        #expect(try ids("car", database) == [2])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("objectReplace: the car is kept, and updated, when it is the same one")
    func objectReplaceKeepsTheSame() throws {
        let library = LibraryMappings(carPolicy: .objectReplace)
        let (database, store) = try started(library)
        let person = try ada(#""car": {"id": 1, "year": 2014}"#, library, into: store)
        #expect(person.car == Car(id: 1, model: "i30", year: 2014))
        #expect(try carOfAda(database) == 1)
        #expect(try ids("car", database) == [1])
        #expect(try database.column("SELECT model || ' ' || year FROM car", as: String.self) == ["i30 2014"])
    }

    @Test("objectReplace: null deletes the old car and clears car_id")
    func objectReplaceNull() throws {
        let library = LibraryMappings(carPolicy: .objectReplace)
        let (database, store) = try started(library)
        _ = try ada(#""car": null"#, library, into: store)
        #expect(try carOfAda(database) == nil)
        #expect(try database.count("car") == 0)
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("objectReplace: a car moved to another person in one import is not deleted")
    func objectReplaceMoved() throws {
        let library = LibraryMappings(carPolicy: .objectReplace)
        let (database, store) = try started(library)
        let people = try library.importPeople("""
            [{"user_email": "ada@example.com", "car": {"id": 2, "model": "HB20"}},
             {"user_email": "ben@example.com", "car": {"id": 1}}]
            """, into: store)
        #expect(people[1].car == Car(id: 1, model: "i30", year: 2013))
        #expect(try database.column("SELECT car_id FROM person ORDER BY email", as: Int64.self) == [2, 1])
        #expect(try ids("car", database) == [1, 2])
        #expect(try database.foreignKeyViolations() == 0)
    }

    // MARK: To-many, a column of the child

    @Test("to-many assign: phones no longer listed get person_email NULL and stay")
    func toManyAssign() throws {
        let library = LibraryMappings(phonePolicy: .assign)
        let (database, store) = try started(library)
        let person = try ada(#""phones": [{"id": 11, "number": "222"}, {"id": 13, "number": "444"}]"#, library, into: store)
        #expect(person.phones.map(\.id) == [11, 13])
        #expect(try ownersOfPhones(database)
                == ["10:-", "11:ada@example.com", "12:ben@example.com", "13:ada@example.com"])
        _ = try ada(#""phones": null"#, library, into: store)
        #expect(try ownersOfPhones(database) == ["10:-", "11:-", "12:ben@example.com", "13:-"])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("collectionMerge: old phones keep their link, new ones are linked")
    func collectionMerge() throws {
        let library = LibraryMappings(phonePolicy: .collectionMerge)
        let (database, store) = try started(library)
        let person = try ada(#""phones": [{"id": 11, "number": "229"}, {"id": 13, "number": "444"}]"#, library, into: store)
        #expect(person.phones == [Phone(id: 10, number: "111"), Phone(id: 11, number: "229"), Phone(id: 13, number: "444")])
        #expect(try ownersOfPhones(database)
                == ["10:ada@example.com", "11:ada@example.com", "12:ben@example.com", "13:ada@example.com"])
        #expect(try database.column("SELECT number FROM phone WHERE id = 11", as: String.self) == ["229"])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("collectionReplace: old phones not listed are deleted")
    func collectionReplace() throws {
        let library = LibraryMappings(phonePolicy: .collectionReplace)
        let (database, store) = try started(library)
        _ = try ada(#""phones": [{"id": 11, "number": "222"}, {"id": 13, "number": "444"}]"#, library, into: store)
        #expect(try ownersOfPhones(database) == ["11:ada@example.com", "12:ben@example.com", "13:ada@example.com"])
        _ = try ada(#""phones": null"#, library, into: store)
        #expect(try ownersOfPhones(database) == ["12:ben@example.com"])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("collectionReplace: a phone moved to another person in one import is not deleted")
    func collectionReplaceMoved() throws {
        let library = LibraryMappings(phonePolicy: .collectionReplace)
        let (database, store) = try started(library)
        // Ben comes first: the phone is claimed before Ada lets it go.
        _ = try library.importPeople("""
            [{"user_email": "ben@example.com", "phones": [{"id": 12}, {"id": 10}]},
             {"user_email": "ada@example.com", "phones": [{"id": 11}]}]
            """, into: store)
        #expect(try ownersOfPhones(database) == ["10:ben@example.com", "11:ada@example.com", "12:ben@example.com"])
        #expect(try database.column("SELECT number FROM phone WHERE id = 10", as: String.self) == ["111"])
    }

    @Test("to-many assign: a phone moved to another person keeps its new link")
    func toManyAssignMoved() throws {
        let library = LibraryMappings(phonePolicy: .assign)
        let (database, store) = try started(library)
        _ = try library.importPeople("""
            [{"user_email": "ben@example.com", "phones": [{"id": 10}]},
             {"user_email": "ada@example.com", "phones": [{"id": 11}]}]
            """, into: store)
        #expect(try ownersOfPhones(database) == ["10:ben@example.com", "11:ada@example.com", "12:-"])
    }

    // MARK: To-many, a join table

    @Test("join table, assign: pairs not listed removed, new ones added, tag rows kept")
    func joinAssign() throws {
        let library = LibraryMappings(tagPolicy: .assign)
        let (database, store) = try started(library)
        _ = try ada(#""tags": [{"id": 101, "label": "dev"}, {"id": 103, "label": "ux"}]"#, library, into: store)
        #expect(try database.personTags() == ["ada@example.com/101", "ada@example.com/103", "ben@example.com/102"])
        #expect(try ids("tag", database) == [100, 101, 102, 103])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("join table, collectionMerge: old pairs kept, new ones added")
    func joinMerge() throws {
        let library = LibraryMappings(tagPolicy: .collectionMerge)
        let (database, store) = try started(library)
        let person = try ada(#""tags": [{"id": 103, "label": "ux"}]"#, library, into: store)
        #expect(person.tags.map(\.id) == [100, 101, 103])
        #expect(try database.personTags()
                == ["ada@example.com/100", "ada@example.com/101", "ada@example.com/103", "ben@example.com/102"])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("join table, collectionReplace: the pair and the row of an old tag not listed go")
    func joinReplace() throws {
        let library = LibraryMappings(tagPolicy: .collectionReplace)
        let (database, store) = try started(library)
        _ = try ada(#""tags": [{"id": 101, "label": "dev"}, {"id": 103, "label": "ux"}]"#, library, into: store)
        #expect(try database.personTags() == ["ada@example.com/101", "ada@example.com/103", "ben@example.com/102"])
        #expect(try ids("tag", database) == [101, 102, 103])
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("join table, collectionReplace: a tag moved to another person in one import is not deleted")
    func joinReplaceMoved() throws {
        let library = LibraryMappings(tagPolicy: .collectionReplace)
        let (database, store) = try started(library)
        _ = try library.importPeople("""
            [{"user_email": "ada@example.com", "tags": [{"id": 101}]},
             {"user_email": "ben@example.com", "tags": [{"id": 102}, {"id": 100}]}]
            """, into: store)
        #expect(try database.personTags() == ["ada@example.com/101", "ben@example.com/100", "ben@example.com/102"])
        #expect(try ids("tag", database) == [100, 101, 102])
        #expect(try database.foreignKeyViolations() == 0)
    }
}
