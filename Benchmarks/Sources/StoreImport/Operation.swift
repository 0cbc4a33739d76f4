/// The operations timed, in the table's order, with the least ratio issue 30 asks of
/// each (the naive import's time over ours).
enum Operation: String, CaseIterable {
    case firstImport = "first import"
    case reImport = "re-import"

    /// Issue 30's floor.
    var goal: Double {
        switch self {
        case .firstImport: 1.2
        case .reImport: 3
        }
    }
}
