extension DataMapperError {
    /// Two errors are equal when they say the same thing about the same place; the
    /// ``underlyingError``, of any type, is left out.
    public static func == (lhs: DataMapperError, rhs: DataMapperError) -> Bool {
        lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.location == rhs.location && lhs.problem == rhs.problem
            && lhs.remedy == rhs.remedy
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(path)
        hasher.combine(location)
        hasher.combine(problem)
        hasher.combine(remedy)
    }
}
