import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import DataMapperTestSupport
import GRDB
import Synchronization
import Testing

private let i30 = #"[{"id": 1, "model": "i30", "year": 2013}]"#

/// Counts the objects a mapping's `create` makes.
private final class MadeCount: Sendable {
    private let count = Mutex(0)

    var value: Int { count.withLock { $0 } }

    func car() -> Car {
        count.withLock { $0 += 1 }
        return Car()
    }
}

/// A database holding the car of ``i30``, imported with a mapping whose cars `made`
/// counts: the table's own mapping, which also makes the objects of stored rows.
private struct ImportedCar {
    let made = MadeCount()
    let cars: EntityMapping<Car>
    let database: LibraryDatabase
    let store: SQLiteStore

    init() throws {
        var cars = EntityMapping(entityName: "Car", create: made.car)
        cars.addAttributes(LibraryMappings().car.attributes)
        cars.setPrimaryKey(\.id)
        self.cars = cars
        database = try LibraryDatabase()
        store = try SQLiteStore(database.queue, tables: [SQLiteTable("car", mapping: cars)])
        _ = try importCars(i30)
    }

    /// Imports the cars of the JSON array `text` with `mapping`, by default the table's.
    func importCars(_ text: String, mapping: EntityMapping<Car>? = nil) throws -> [Car] {
        try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: text),
                                            mapping: mapping ?? cars, in: store)
    }
}

/// A team whose lead is a player; both classes.
private final class Team {
    var id = 0
    var lead: Player?
}

private final class Player {
    var id = 0
    var name = ""
}

@Suite("Which imports read the stored objects")
struct StoredObjectsTests {
    @Test("a payload that sets every column makes no object of the stored row")
    func everythingSet() throws {
        let fixture = try ImportedCar()
        let again = try fixture.importCars(i30.replacingOccurrences(of: "i30", with: "i40"))
        #expect(fixture.made.value == 2, "one object per representation, none of the stored row")
        #expect(again == [Car(id: 1, model: "i40", year: 2013)])
        #expect(try fixture.database.column("SELECT model FROM car", as: String.self) == ["i40"])
    }

    @Test("a payload that leaves a column out reads the stored row, whose value stays")
    func columnLeftOut() throws {
        let fixture = try ImportedCar()
        let again = try fixture.importCars(#"[{"id": 1, "model": "i40"}]"#)
        #expect(fixture.made.value == 3, "the second import made the representation's object and the stored row's")
        #expect(again == [Car(id: 1, model: "i40", year: 2013)])
        #expect(try fixture.database.column("SELECT year FROM car", as: Int.self) == [2013])
    }

    @Test("a mapping that names fewer columns than the table's reads the stored row")
    func narrowerMapping() throws {
        let fixture = try ImportedCar()
        var narrow = EntityMapping(entityName: "Car", create: Car.init)
        narrow.addAttribute(\.id, at: "id")
        narrow.addAttribute(\.model, at: "model")
        narrow.setPrimaryKey(\.id)
        let again = try fixture.importCars(#"[{"id": 1, "model": "i40"}]"#, mapping: narrow)
        #expect(fixture.made.value == 2, "the table's mapping made the stored row's object")
        #expect(again == [Car(id: 1, model: "i40", year: 2013)], "the column the mapping does not name comes from the row")
    }

    @Test("a class read from a row stays the one instance of its key, however it is reached")
    func classInstancesStayOne() throws {
        let files = try TemporaryFiles()
        let queue = try DatabaseQueue(path: files.path("teams.sqlite"))
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                CREATE TABLE team (id INTEGER PRIMARY KEY, lead_id INTEGER REFERENCES player(id));
                INSERT INTO player VALUES (10, 'Ann');
                INSERT INTO team VALUES (1, 10);
                """)
        }
        var player = EntityMapping(entityName: "Player", create: Player.init)
        player.addAttribute(\.id, at: "id")
        player.addAttribute(\.name, at: "name")
        player.setPrimaryKey(\.id)
        var team = EntityMapping(entityName: "Team", create: Team.init)
        team.addAttribute(\.id, at: "id")
        team.setPrimaryKey(\.id)
        team.addToOneRelationship(\.lead, at: "lead", mapping: player, policy: .objectMerge)
        var teams = SQLiteTable("team", mapping: team)
        teams.foreignKey(\.lead, column: "lead_id")
        let store = try SQLiteStore(queue, tables: [teams, SQLiteTable("player", mapping: player)])
        // Team 1 keeps its stored lead (null merges nothing); team 2 names the same
        // player with every column set.
        let document = try JSONSerializer().deserialize(fromString: """
            [{"id": 1, "lead": null}, {"id": 2, "lead": {"id": 10, "name": "Ann B."}}]
            """)
        let imported = try EntityDeserializer().collection(from: document, mapping: team, in: store)
        let kept = try #require(imported.first?.lead)
        let named = try #require(imported.last?.lead)
        #expect(kept === named)
        #expect(kept.name == "Ann B.")
    }
}
