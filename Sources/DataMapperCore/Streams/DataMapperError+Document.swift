extension DataMapperError {
    /// This error with the number of the document of a stream it arose in, counted
    /// from 1, in front of its problem (`document 3: …`), as stream readers report it.
    package func inDocument(_ number: Int) -> DataMapperError {
        var numbered = self
        numbered.problem = "document \(number): " + problem
        return numbered
    }
}
