import DataMapperCore

/// One way two documents differ, at one path.
enum DocumentDifference: Equatable {
    /// Both documents have a value at `path`, and the values differ.
    case changed(DataPath, SupportedType, SupportedType)
    /// Only the first document has a value at `path`.
    case onlyInA(DataPath)
    /// Only the second document has a value at `path`.
    case onlyInB(DataPath)

    /// The differences between `a` and `b`, in document order: a dictionary's keys in
    /// `a`'s order (each key missing from `b` where it stands), then the keys only `b`
    /// has; an array's shared elements by index, then those only one side has.
    ///
    /// Values compare as ``SupportedType``'s `==` does: positions and dictionary key
    /// order do not count, integers compare by value whatever kind holds them, and an
    /// integer never equals a floating-point number (`1` and `1.0` differ). Two
    /// dictionaries or two arrays are entered, to name the paths below them that differ.
    ///
    /// The walk keeps the work still to do on a heap stack, not one call per level, so
    /// its own stack use does not grow with the documents' depth.
    static func between(_ a: SupportedType, and b: SupportedType) -> [DocumentDifference] {
        var found: [DocumentDifference] = []
        // Taken from the end, so each container's steps are pushed in reverse.
        var pending: [Step] = [.compare(.root, a, b)]
        while let step = pending.popLast() {
            guard case .compare(let path, let left, let right) = step else {
                if case .report(let difference) = step { found.append(difference) }
                continue
            }
            switch (left.kind, right.kind) {
            case (.dictionary(let leftMap), .dictionary(let rightMap)):
                var steps: [Step] = []
                for (key, leftValue) in leftMap {
                    if let rightValue = rightMap[key] {
                        steps.append(.compare(path.appending(key: key), leftValue, rightValue))
                    } else {
                        steps.append(.report(.onlyInA(path.appending(key: key))))
                    }
                }
                for key in rightMap.keys where leftMap.index(forKey: key) == nil {
                    steps.append(.report(.onlyInB(path.appending(key: key))))
                }
                pending += steps.reversed()
            case (.array(let leftItems), .array(let rightItems)):
                let shared = min(leftItems.count, rightItems.count)
                var steps: [Step] = (0..<shared).map { .compare(path.appending(index: $0), leftItems[$0], rightItems[$0]) }
                steps += (shared..<leftItems.count).map { .report(.onlyInA(path.appending(index: $0))) }
                steps += (shared..<rightItems.count).map { .report(.onlyInB(path.appending(index: $0))) }
                pending += steps.reversed()
            default:
                if left != right { found.append(.changed(path, left, right)) }
            }
        }
        return found
    }

    /// Work left for ``between(_:and:)``: a pair to compare, or a finding to record
    /// once the steps before it are done.
    private enum Step {
        case compare(DataPath, SupportedType, SupportedType)
        case report(DocumentDifference)
    }

    /// The line `datamapper diff` prints: `spec.replicas: 3 != 4`,
    /// `only in A: metadata.labels.tier`; the root path is written `.`.
    var line: String {
        switch self {
        case .changed(let path, let a, let b):
            var text = "\(Self.name(of: path)): \(a.description.escapingControlCharacters) != \(b.description.escapingControlCharacters)"
            if a.kindDescription != b.kindDescription { text += " (\(a.kindDescription) vs \(b.kindDescription))" }
            return text
        case .onlyInA(let path):
            return "only in A: \(Self.name(of: path))"
        case .onlyInB(let path):
            return "only in B: \(Self.name(of: path))"
        }
    }

    private static func name(of path: DataPath) -> String {
        path.isRoot ? "." : path.description.escapingControlCharacters
    }
}
