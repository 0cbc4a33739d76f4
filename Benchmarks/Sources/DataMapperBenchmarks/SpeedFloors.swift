/// A speed the project promises to keep: the least ratio (ours over a named peer)
/// that one kind of row must reach.
struct SpeedFloor {
    /// The row's group (`json`).
    var group: String
    /// The row's operation (`parse`).
    var operation: String
    /// The peer's name as the row prints it (`JSONSerialization`).
    var peer: String
    /// The least ratio.
    var minimum: Double
    /// Whether the ratio must exceed `minimum` ("faster than") rather than reach it.
    var strictly = false

    /// Whether a measured ratio keeps this floor.
    func holds(for ratio: Double) -> Bool {
        strictly ? ratio > minimum : ratio >= minimum
    }

    /// The floor as printed: `≥5×`, `>1×`.
    var text: String {
        let number = minimum == minimum.rounded() ? String(Int(minimum)) : String(minimum)
        return (strictly ? ">" : "≥") + number + "×"
    }
}

/// The speed floors (issue 25), in one place. A row gets the floor whose group,
/// operation and peer it matches; rows that match none have no floor. Every floor is
/// judged on the median of the row's per-round ratios.
enum SpeedFloors {
    static let all: [SpeedFloor] = [
        // JSON against JSONSerialization.
        SpeedFloor(group: "json", operation: "parse", peer: "JSONSerialization", minimum: 5),
        SpeedFloor(group: "json", operation: "emit compact", peer: "JSONSerialization", minimum: 20),
        SpeedFloor(group: "json", operation: "emit pretty", peer: "JSONSerialization", minimum: 20),
        // Bytes to models, through ObjectMapper and through Codable.
        SpeedFloor(group: "mapping", operation: "decode models", peer: "JSONDecoder", minimum: 1),
        SpeedFloor(group: "codable", operation: "decode", peer: "JSONDecoder", minimum: 1),
        // YAML against Yams and against the bare libyaml event loop.
        SpeedFloor(group: "yaml", operation: "parse", peer: "Yams.load", minimum: 10),
        SpeedFloor(group: "yaml", operation: "emit", peer: "Yams.dump", minimum: 10),
        SpeedFloor(group: "yaml", operation: "parse vs bare", peer: "libyaml event loop", minimum: 0.6),
        // XML against XMLCoder, a bare XMLParser pass and a bare libxml2 SAX2 pass.
        SpeedFloor(group: "xml", operation: "parse vs XMLCoder", peer: "XMLCoder decode", minimum: 10),
        SpeedFloor(group: "xml", operation: "parse vs XMLParser", peer: "XMLParser bare", minimum: 1, strictly: true),
        SpeedFloor(group: "xml", operation: "parse vs SAX2", peer: "libxml2 SAX2 bare", minimum: 0.45),
        // MessagePack against msgpack-c.
        SpeedFloor(group: "msgpack", operation: "unpack", peer: "msgpack-c", minimum: 0.45),
        SpeedFloor(group: "msgpack", operation: "pack", peer: "msgpack-c", minimum: 1),
    ]

    /// The floor a row of `group` must keep, if any.
    static func floor(for comparison: Comparison, in group: String) -> SpeedFloor? {
        guard comparison.judgedByFloors, let peer = comparison.peer else { return nil }
        return all.first { $0.group == group && $0.operation == comparison.operation && $0.peer == peer.name }
    }

    /// The floors that no row of `groups` matches: a renamed operation or peer would
    /// otherwise drop its floor without a word.
    static func unmatched(in groups: [BenchmarkGroup]) -> [SpeedFloor] {
        let matched = groups.flatMap { group in group.comparisons.compactMap { floor(for: $0, in: group.name) } }
        return all.filter { floor in
            !matched.contains { $0.group == floor.group && $0.operation == floor.operation && $0.peer == floor.peer }
        }
    }
}
