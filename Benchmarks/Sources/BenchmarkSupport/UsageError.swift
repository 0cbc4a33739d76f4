/// A mistake in how a benchmark program was called (an unknown option, a missing tool,
/// corpus or thresholds file): the programs exit with status 2 on it.
public struct UsageError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
