/// What a conversion lost, as a list of ``ConversionLoss`` entries in the order they
/// were found: the input's own losses (comments, tags) first, then what the target
/// format cannot carry, document by document.
///
/// The library hands it back as a value (see `FormatRegistry.convert(_:from:to:options:terminateText:report:)`);
/// the `datamapper` tool prints ``text(file:limit:)`` on standard error, refuses the
/// conversion when it is not empty under `--strict`, and writes ``value(file:)`` as
/// JSON for `--report`.
public struct ConversionReport: Sendable, Hashable {
    /// The losses, in the order they were found.
    public var losses: [ConversionLoss]

    /// A report of `losses` (none by default).
    public init(_ losses: [ConversionLoss] = []) {
        self.losses = losses
    }

    /// Whether nothing was lost.
    public var isEmpty: Bool { losses.isEmpty }

    /// Adds losses at the end.
    public mutating func append(contentsOf more: some Sequence<ConversionLoss>) {
        losses.append(contentsOf: more)
    }

    /// How many losses there are of each kind, kinds without any left out, in the
    /// order of ``ConversionLoss/Kind/allCases``.
    public var counts: [(kind: ConversionLoss.Kind, count: Int)] {
        var tally: [ConversionLoss.Kind: Int] = [:]
        for loss in losses { tally[loss.kind, default: 0] += 1 }
        return ConversionLoss.Kind.allCases.compactMap { kind in tally[kind].map { (kind, $0) } }
    }
}
