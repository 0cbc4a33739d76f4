/// The configuration type the tests load.
struct TestConfig: Codable, Equatable {
    struct Server: Codable, Equatable {
        var host = "localhost"
        var port = 8080
        var maxConnections = 100
    }

    struct Database: Codable, Equatable {
        var url = "postgres://localhost/app"
        var poolSize = 4
    }

    var server = Server()
    var database = Database()
    var debug = false
    var ratio = 1.0
    var tags: [String] = []
}
