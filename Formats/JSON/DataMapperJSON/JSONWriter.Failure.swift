import DataMapper

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
        /// The path's steps, innermost first.
        var reversedPath: [DataPath.Component] = []

        init(_ kind: DataMapperError.Kind, _ message: String) {
            self.kind = kind
            self.message = message
        }

        /// The same failure, one level further out: `component` leads to the value
        /// that held the fault.
        func inside(_ component: DataPath.Component) -> Failure {
            var copy = self
            copy.reversedPath.append(component)
            return copy
        }

        /// The public error, its path running from the root.
        var error: DataMapperError {
            DataMapperError(kind, message: message, path: DataPath(reversedPath.reversed()))
        }
    }
}
