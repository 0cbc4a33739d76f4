import DataMapperCore

extension JSONWriter {
    /// Why writing stopped, with the path to the value at fault collected on the way out.
    ///
    /// The writer keeps no path while it walks the tree (that would cost on every value);
    /// instead each container adds its own step to a failure as it passes through, so
    /// the path is only built when something actually went wrong.
    struct Failure: Error {
        /// The error's family.
        var kind: DataMapperError.Kind
        /// What was found and why JSON cannot carry it.
        var message: String
        /// The setting that would have let the value through, if one would.
        var remedy: DataMapperError.Remedy?
        /// The path's steps, innermost first.
        var reversedPath: [DataPath.Component] = []

        init(_ kind: DataMapperError.Kind, _ message: String, remedy: DataMapperError.Remedy? = nil) {
            self.kind = kind
            self.message = message
            self.remedy = remedy
        }

        /// The same failure, one level further out: `component` leads to the value
        /// that held the fault.
        func inside(_ component: DataPath.Component) -> Failure {
            var copy = self
            copy.reversedPath.append(component)
            return copy
        }

        /// A nesting deeper than `limit`, which `options.limits.maxDepth` raises.
        static func tooDeep(_ limit: Int) -> Failure {
            Failure(
                .limitExceeded, "the value nests deeper than the limit of \(limit) levels",
                remedy: .limit(.maxDepth, limit, in: "JSONSerializer.Options.limits")
            )
        }

        /// NaN or an infinity, which JSON has no number for.
        static func nonFinite(_ number: Double) -> Failure {
            Failure(
                .unsupported, "JSON has no number \(number); only finite numbers are allowed",
                remedy: .nonFiniteNumbers(in: "JSONSerializer.Options.nonFiniteNumbers")
            )
        }

        /// A MessagePack ext value, which JSON has no place for.
        static func ext(_ type: Int8) -> Failure {
            Failure(
                .unsupported, "JSON has no place for a MessagePack extension value (type \(type))",
                remedy: .extValues(in: "JSONSerializer.Options.extValues")
            )
        }

        /// The public error, its path running from the root.
        var error: DataMapperError {
            DataMapperError(kind, message: message, path: DataPath(reversedPath.reversed()), remedy: remedy)
        }
    }
}
