import DataMapper
import DataMapperJSON
import DataMapperSQLite
import DataMapperStore
import DataMapperTestSupport
import GRDB
import Testing

// One key is one class instance within an import, whether the import reached it
// from the document or through a stored row's foreign key.

private final class Employee {
    var email = ""
    var name = ""
    var manager: Employee?
}

@Suite("Uniquing of class instances loaded from SQLite")
struct UniquingTests {
    private let files: TemporaryFiles
    private let queue: DatabaseQueue
    private let store: SQLiteStore
    private let employee: EntityMapping<Employee>

    init() throws {
        files = try TemporaryFiles()
        queue = try DatabaseQueue(path: files.path("staff.sqlite"))
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE employee (email TEXT PRIMARY KEY, name TEXT NOT NULL,
                    manager_email TEXT REFERENCES employee(email));
                """)
        }
        var employee = EntityMapping(entityName: "Employee", create: Employee.init)
        employee.addAttribute(\.email, at: "email")
        employee.addAttribute(\.name, at: "name")
        employee.setPrimaryKey(\.email)
        employee.addToOneRelationship(\.manager, at: "manager")
        self.employee = employee
        var table = SQLiteTable("employee", mapping: employee)
        table.foreignKey(\.manager, column: "manager_email")
        store = try SQLiteStore(queue, tables: [table])
    }

    private func importStaff(_ text: String) throws -> [Employee] {
        try EntityDeserializer().collection(from: JSONSerializer().deserialize(fromString: text), mapping: employee, in: store)
    }

    @Test("a stored manager reached through a foreign key is the instance the import updates")
    func managerIsOneInstance() throws {
        _ = try importStaff("""
            [{"email": "ann@example.com", "name": "Ann", "manager": {"email": "bo@example.com", "name": "Bo"}}]
            """)
        #expect(try queue.read { try String.fetchAll($0, sql: "SELECT manager_email FROM employee WHERE email = 'ann@example.com'") }
                == ["bo@example.com"])
        let staff = try importStaff("""
            [{"email": "ann@example.com", "name": "Ann"}, {"email": "bo@example.com", "name": "Big Bo"}]
            """)
        let manager = try #require(staff[0].manager)
        #expect(manager === staff[1])
        #expect(manager.name == "Big Bo")
    }

    @Test("two stored employees with one manager share the instance")
    func sharedManager() throws {
        _ = try importStaff("""
            [{"email": "ann@example.com", "name": "Ann", "manager": {"email": "bo@example.com", "name": "Bo"}},
             {"email": "cy@example.com", "name": "Cy", "manager": {"email": "bo@example.com"}}]
            """)
        let staff = try importStaff(#"[{"email": "ann@example.com"}, {"email": "cy@example.com"}]"#)
        #expect(staff[0].manager != nil)
        #expect(staff[0].manager === staff[1].manager)
    }
}
