import BenchmarkSupport
import DataMapperCore
import Foundation
import GRDB

/// What one untimed, traced turn of a contender left and asked: the rows after each
/// operation and the statements each ran.
struct VerifiedTurn {
    let contender: String
    var contents: [Operation: DatabaseContents] = [:]
    var statements: [Operation: String] = [:]
    var statementTotals: [Operation: Int] = [:]
    var examples: [String: String] = [:]
}

/// Runs each contender once, untimed, with a statement trace (it also warms up the
/// code and the file system for the timed rounds), and checks that all leave the
/// same rows — the rows the document describes — after the first import and after
/// the re-import.
struct Verification {
    let document: GeneratedDocument
    let ours: VerifiedTurn
    let naive: VerifiedTurn
    let batched: VerifiedTurn
    /// Spot values: a few rows of each database, side by side.
    let spots: [(what: String, ours: String, naive: String)]

    init(document: GeneratedDocument, ours: Contender, naive: Contender, batched: Contender) throws {
        self.document = document
        let (oursTurn, oursQueue) = try Self.tracedTurn(ours, document: document)
        let (naiveTurn, naiveQueue) = try Self.tracedTurn(naive, document: document)
        self.ours = oursTurn
        self.naive = naiveTurn
        self.batched = try Self.tracedTurn(batched, document: document).0
        spots = try Self.spotValues(document: document, ours: oursQueue, naive: naiveQueue)
    }

    /// The disagreements, empty when the comparison is fair.
    var problems: [String] {
        var problems: [String] = []
        for operation in Operation.allCases {
            guard let naiveContents = naive.contents[operation] else { continue }
            for turn in [ours, naive, batched] {
                guard let contents = turn.contents[operation] else { continue }
                if contents.parents.count != document.parentCount || contents.children.count != document.childCount {
                    problems.append("\(turn.contender) after the \(operation.rawValue): \(contents.parents.count) parents and \(contents.children.count) children, the document has \(document.parentCount) and \(document.childCount)")
                }
                guard turn.contender != naive.contender else { continue }
                if contents.parents != naiveContents.parents {
                    problems.append("after the \(operation.rawValue) the parent rows of \(turn.contender) and naive differ\(Self.firstDifference(contents.parents, naiveContents.parents))")
                }
                if contents.children != naiveContents.children {
                    problems.append("after the \(operation.rawValue) the child rows of \(turn.contender) and naive differ\(Self.firstDifference(contents.children, naiveContents.children))")
                }
            }
        }
        return problems
    }

    private static func firstDifference(_ other: [[DatabaseValue]], _ naive: [[DatabaseValue]]) -> String {
        guard let index = other.indices.first(where: { $0 < naive.count && other[$0] != naive[$0] }) else { return ": \(other.count) rows and \(naive.count)" }
        return ": first at row \(index), \(other[index]) against naive \(naive[index])"
    }

    private static func tracedTurn(_ contender: Contender, document: GeneratedDocument) throws -> (VerifiedTurn, DatabaseQueue) {
        progress("\(contender.name): checking the rows and counting statements")
        let queue = try Schema.freshDatabase(at: contender.file)
        let importer = try contender.prepare(queue)
        let counter = StatementCounter()
        counter.attach(to: queue)
        var turn = VerifiedTurn(contender: contender.name)
        for operation in Operation.allCases {
            counter.reset()
            _ = try importer(document.value)
            turn.statements[operation] = counter.summary
            turn.statementTotals[operation] = counter.total
            for (word, sql) in counter.examples where turn.examples[word] == nil { turn.examples[word] = sql }
            turn.contents[operation] = try DatabaseContents.read(from: queue)
        }
        StatementCounter.detach(from: queue)
        return (turn, queue)
    }

    /// The first parent of the document, its first child, and the last child.
    private static func spotValues(document: GeneratedDocument, ours: DatabaseQueue, naive: DatabaseQueue) throws -> [(what: String, ours: String, naive: String)] {
        guard let parents = document.value.array, let first = parents.first, let last = parents.last(where: { $0["children"]?.array?.isEmpty == false }),
              let parentID = first["id"]?.int64 else { return [] }
        var spots: [(table: String, id: Int64)] = [("parent", parentID)]
        if let childID = first["children"]?[0]?["id"]?.int64 { spots.append(("child", childID)) }
        if let childID = last["children"]?.array?.last?["id"]?.int64 { spots.append(("child", childID)) }
        return try spots.map { spot in
            ("\(spot.table) \(spot.id)", try DatabaseContents.row(spot.table, id: spot.id, in: ours), try DatabaseContents.row(spot.table, id: spot.id, in: naive))
        }
    }
}
