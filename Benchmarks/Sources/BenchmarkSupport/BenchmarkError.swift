/// A failure of a benchmark program itself (bad arguments, missing files).
public struct BenchmarkError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
