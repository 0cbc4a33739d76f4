import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import DataMapperTestSupport
import GRDB
import Testing

private let people = """
[{"user_email": "ada@example.com", "name": "Ada", "active": true, "car": {"id": 1, "model": "i30", "year": 2013},
  "phones": [{"id": 10, "number": "111"}], "tags": [{"id": 100, "label": "admin"}]}]
"""

/// A team whose lead is one of its players: each table refers to the other.
private final class Team {
    var id = 0
    var lead: Player?
    var players: [Player] = []
}

private struct Player {
    var id = 0
    var name = ""
}

@Suite("The order an import writes its tables in")
struct WriteOrderTests {
    @Test("rows are inserted after the rows their foreign keys refer to, whatever the order of the tables")
    func referredToFirst() throws {
        let log = StatementLog()
        let library = LibraryMappings()
        let database = try LibraryDatabase(log: log)
        // person refers to car (car_id), phone to person (person_email): given here
        // in neither order.
        let store = try SQLiteStore(database.queue, tables: library.tables.reversed())
        log.removeAll()
        _ = try library.importPeople(people, into: store)
        func firstInsert(into table: String) -> Int? {
            log.all.firstIndex { $0.hasPrefix(#"INSERT INTO "\#(table)""#) }
        }
        let car = try #require(firstInsert(into: "car"))
        let person = try #require(firstInsert(into: "person"))
        let phone = try #require(firstInsert(into: "phone"))
        #expect(car < person)
        #expect(person < phone)
        #expect(try database.foreignKeyViolations() == 0)
    }

    @Test("tables that refer to each other are written, and checked at commit")
    func cycleOfTables() throws {
        let files = try TemporaryFiles()
        let queue = try DatabaseQueue(path: files.path("teams.sqlite"))
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY, lead_id INTEGER REFERENCES player(id));
                CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, team_id INTEGER REFERENCES team(id));
                """)
        }
        var player = EntityMapping(entityName: "Player", create: Player.init)
        player.addAttribute(\.id, at: "id")
        player.addAttribute(\.name, at: "name")
        player.setPrimaryKey(\.id)
        var team = EntityMapping(entityName: "Team", create: Team.init)
        team.addAttribute(\.id, at: "id")
        team.setPrimaryKey(\.id)
        team.addToOneRelationship(\.lead, at: "lead", mapping: player)
        team.addToManyRelationship(\.players, at: "players", mapping: player)
        var teams = SQLiteTable("team", mapping: team)
        teams.foreignKey(\.lead, column: "lead_id")
        teams.childForeignKey(\.players, column: "team_id")
        let store = try SQLiteStore(queue, tables: [teams, SQLiteTable("player", mapping: player)])
        let document = try JSONSerializer().deserialize(fromString: """
            [{"id": 1, "lead": {"id": 10, "name": "Ann"}, "players": [{"id": 10, "name": "Ann"}, {"id": 11, "name": "Bo"}]}]
            """)
        for _ in 0..<2 {
            let imported = try EntityDeserializer().collection(from: document, mapping: team, in: store)
            #expect(imported.first?.lead?.name == "Ann")
        }
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, team_id FROM player ORDER BY id").map { "\($0["id"] as Int)/\($0["team_id"] as Int)" }
        }
        #expect(rows == ["10/1", "11/1"])
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT lead_id FROM team") } == 10)
        #expect(try queue.read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check").count } == 0)
    }
}
