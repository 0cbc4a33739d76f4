import DataMapperCore

extension SupportedType {
    /// The value at `path`, or an error saying which step of it is missing.
    ///
    /// - Throws: ``DataMapperError`` of kind `missingKey` whose path is `path` and whose
    ///   position is that of the last value found on the way, so the message points at
    ///   the dictionary or array that lacks the step.
    func value(at path: DataPath) throws -> SupportedType {
        var current = self
        var walked = DataPath.root
        for (offset, component) in path.components.enumerated() {
            let next: SupportedType?
            let reason: String
            switch (component, current.kind) {
            case (.key(let key), .dictionary(let map)):
                next = map[key]
                reason = "\(Self.name(of: walked)) has no key \"\(key)\""
                    + (path.joiningDottedKey(at: offset, in: map).map { "; a key containing dots goes in brackets and quotes: \($0)" } ?? "")
            case (.index(let index), .array(let elements)):
                // Not `cond ? elements[index] : nil`: SupportedType is nil-literal
                // expressible, so that `nil` would be a null value, not a missing one.
                next = elements.indices.contains(index) ? Optional.some(elements[index]) : Optional.none
                reason = "\(Self.name(of: walked)) has \(elements.count) element\(elements.count == 1 ? "" : "s")"
            case (.key, _):
                next = nil
                reason = "\(Self.name(of: walked)) is \(current.kindDescription), not a dictionary"
            case (.index, _):
                next = nil
                reason = "\(Self.name(of: walked)) is \(current.kindDescription), not an array"
            }
            guard let next else {
                throw DataMapperError(
                    .missingKey,
                    message: "no value at this path: \(reason)",
                    path: path,
                    location: current.position.isKnown ? SourceLocation(position: current.position) : nil
                )
            }
            current = next
            walked = DataPath(walked.components + [component])
        }
        return current
    }

    private static func name(of path: DataPath) -> String {
        path.isRoot ? "the document" : path.description
    }
}
