extension ConfigLoader {
    /// What to do with keys that the sources hold but the loaded type never reads.
    ///
    /// A key is unknown when the loaded value, written back, has no key of that name
    /// (ignoring case, `_` and `-`) at that place, whatever the key's value, `null`
    /// included. Keys kept on purpose for something else, such as the `x-` anchors of
    /// a Compose file, are let through by name with ``reject(allowing:)``:
    ///
    /// ```swift
    /// ConfigLoader(sources, unknownKeys: .reject(allowing: ["x-*"]))
    /// ```
    public enum UnknownKeyPolicy: Sendable, Hashable {
        /// Ignore them (the default).
        case ignore
        /// Throw the first unknown key as an error of kind
        /// ``DataMapper/DataMapperError/Kind/unknownKey``, except keys whose name matches
        /// one of the patterns, so that a misspelt setting stops the program.
        ///
        /// Each pattern is matched against the last component of a key's path, at any
        /// depth (`x-*` allows `x-defaults` at the top and `services.web.x-labels`
        /// alike); an allowed key is let through with everything under it. In a
        /// pattern `*` stands for any run of characters, none included, `?` for
        /// exactly one character, and every other character for itself, case
        /// included. ``ConfigLoader/loadReporting(_:)`` leaves allowed keys out too.
        case reject(allowing: [String])

        /// Throw the first unknown key as an error: ``reject(allowing:)`` with no
        /// pattern.
        public static var reject: UnknownKeyPolicy { .reject(allowing: []) }

        /// Whether an unknown key stops the load.
        var rejects: Bool {
            if case .reject = self { return true }
            return false
        }

        /// Whether the key named `key` (the last component of its path) is let through
        /// by a pattern.
        func allows(_ key: String) -> Bool {
            guard case .reject(let patterns) = self, !patterns.isEmpty else { return false }
            let name = Array(key)
            return patterns.contains { Self.glob(Array($0), matches: name) }
        }

        /// Whether `name` matches `pattern`, where `*` is any run of characters and `?`
        /// one character. After a mismatch the latest `*` takes one character more, so
        /// the match takes time proportional to the two lengths multiplied, at worst.
        static func glob(_ pattern: [Character], matches name: [Character]) -> Bool {
            var p = 0, n = 0
            var star: (pattern: Int, name: Int)?
            while n < name.count {
                if p < pattern.count, pattern[p] == "*" {
                    star = (p, n)
                    p += 1
                } else if p < pattern.count, pattern[p] == "?" || pattern[p] == name[n] {
                    p += 1
                    n += 1
                } else if let last = star {
                    p = last.pattern + 1
                    n = last.name + 1
                    star = (last.pattern, last.name + 1)
                } else {
                    return false
                }
            }
            while p < pattern.count, pattern[p] == "*" { p += 1 }
            return p == pattern.count
        }
    }
}
