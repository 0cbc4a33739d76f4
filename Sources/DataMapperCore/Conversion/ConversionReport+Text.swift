extension ConversionReport {
    /// How many entries ``text(file:limit:)`` lists one by one unless told otherwise.
    public static let defaultTextLimit = 20

    /// The report for people, one line per loss:
    /// `config.yaml:3:9: typed scalar at port: the integer 8080 becomes text`.
    ///
    /// Past `limit` entries the rest is summed up per kind, with paths grouped by
    /// their shape (`items[*].price`) and the commonest first:
    /// `  typed scalar: 480 (items[*].price: 300, items[*].qty: 180)`.
    /// A report spanning several documents names each entry's document. Keys, file
    /// names and details from the input have their control characters escaped, so
    /// the text is safe to print on a terminal. Empty for an empty report.
    ///
    /// - Parameters:
    ///   - file: The input's name, put in front of each position; `nil` for none.
    ///   - limit: How many entries to list one by one.
    public func text(file: String? = nil, limit: Int = defaultTextLimit) -> String {
        let shown = losses.prefix(max(0, limit))
        let manyDocuments = losses.contains { $0.document != losses.first?.document }
        var lines = shown.map { line(for: $0, file: file, namingDocument: manyDocuments) }
        let rest = losses.dropFirst(shown.count)
        if !rest.isEmpty {
            lines.append("... and \(rest.count) more:")
            lines.append(contentsOf: Self.summary(of: rest))
        }
        return lines.map { $0 + "\n" }.joined()
    }

    private func line(for loss: ConversionLoss, file: String?, namingDocument: Bool) -> String {
        var location = SourceLocation(file: file, position: loss.position).description
        if location.isEmpty { location = file ?? "<input>" }
        let document = namingDocument ? " (document \(loss.document))" : ""
        let path = loss.path.isRoot ? "the root" : loss.path.description
        return "\(location)\(document): \(loss.kind.displayName) at \(path): \(loss.detail)".escapingControlCharacters
    }

    /// How many groups of paths a summary line names before it counts the others.
    private static let groupsPerKind = 5

    /// One line per kind among `losses`: the count, then the paths grouped by shape.
    private static func summary(of losses: ArraySlice<ConversionLoss>) -> [String] {
        var order: [ConversionLoss.Kind] = []
        var groups: [ConversionLoss.Kind: [(pattern: String, count: Int)]] = [:]
        for loss in losses {
            let pattern = loss.path.isRoot ? "the root" : loss.path.pattern
            if groups[loss.kind] == nil { order.append(loss.kind) }
            if let index = groups[loss.kind]?.firstIndex(where: { $0.pattern == pattern }) {
                groups[loss.kind]?[index].count += 1
            } else {
                groups[loss.kind, default: []].append((pattern, 1))
            }
        }
        return ConversionLoss.Kind.allCases.filter(order.contains).map { kind in
            // Sorted by count; equal counts keep the order they were first met in.
            let kindGroups = (groups[kind] ?? []).enumerated()
                .sorted { $0.element.count != $1.element.count ? $0.element.count > $1.element.count : $0.offset < $1.offset }
                .map(\.element)
            let total = kindGroups.reduce(0) { $0 + $1.count }
            var named = kindGroups.prefix(groupsPerKind).map { "\($0.pattern): \($0.count)" }
            let others = kindGroups.count - groupsPerKind
            if others > 0 { named.append("\(others) other path\(others == 1 ? "" : "s")") }
            return "  \(kind.displayName): \(total) (\(named.joined(separator: ", ")))".escapingControlCharacters
        }
    }
}
