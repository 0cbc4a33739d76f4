import Testing

/// Runs one case of a property check, recording an error it throws as an issue.
///
/// swift-property-based's `propertyCheck` counts recorded issues only, so an error
/// thrown from its body would let a failing case pass unseen.
public func recordingErrors(_ comment: @autoclosure () -> String = "", _ body: () throws -> Void) {
    do {
        try body()
    } catch {
        Issue.record(error, Comment(rawValue: comment()))
    }
}
