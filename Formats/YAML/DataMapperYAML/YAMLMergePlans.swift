import DataMapper

/// Remembers how recent mappings with merge keys were put together, so that a later
/// mapping with the same explicit keys, merging mappings with the same keys at the
/// same places, is assembled by following that recipe instead of by checking every
/// merged key against the others again.
///
/// Configuration files merge the same anchored defaults over and over: every service
/// of a fleet merges `*service_defaults` and overrides the same few keys. Only the
/// keys decide which value goes where, so a recipe found for one mapping serves every
/// mapping whose keys match it, whatever their values. The merged mappings are usually
/// the very same anchored value, whose key list compares equal by identity at once.
/// The cache is direct-mapped by a hash of the explicit keys and the merges' places
/// and sizes, so a miss costs one comparison before the mapping is merged as usual.
struct YAMLMergePlans {
    /// Where one value of a merged mapping comes from.
    enum Source {
        /// The explicit value at this place among the mapping's own values.
        case explicit(Int)
        /// The value at `offset` in the mapping merged `merge`-th.
        case merged(merge: Int, offset: Int)
    }

    /// The recipe of one merged mapping.
    struct Plan {
        /// The mapping's own keys, in order.
        var explicitKeys: [String] = []
        /// Where each merge key stood among the explicit keys, one per merged mapping,
        /// in merge order.
        var offsets: [Int] = []
        /// The key list of each merged mapping, in merge order.
        var mergedKeys: [[String]] = []
        /// Where each value of the result comes from, in the result's order.
        var sources: [Source] = []
        /// A mapping built by this plan, whose key list (and index) later ones share.
        var template = OrderedMap()
    }

    private static let slotCount = 128
    /// The plans, one per slot; empty until the first merge.
    private var plans: [Plan] = []

    /// An empty cache.
    init() {}

    /// The slot for a mapping whose explicit keys have the fingerprints `fingerprints`
    /// and whose merged mappings are `merges`.
    static func slot(fingerprints: ArraySlice<UInt64>, merges: ArraySlice<YAMLTreeBuilder.Merge>) -> Int {
        var hash = UInt64(truncatingIfNeeded: fingerprints.count)
        for fingerprint in fingerprints {
            hash = (hash ^ fingerprint) &* 0x9E37_79B9_7F4A_7C15
        }
        for merge in merges {
            let place = UInt64(truncatingIfNeeded: merge.offset) << 32 | UInt64(truncatingIfNeeded: merge.map.count)
            hash = (hash ^ place) &* 0x9E37_79B9_7F4A_7C15
        }
        // The top seven bits: one of 128 slots.
        return Int(truncatingIfNeeded: hash >> 57)
    }

    /// The mapping the plan in `slot` builds from `explicit` and `merges`, or `nil`
    /// when that plan is not for these keys. Explicit values are moved out of `explicit`.
    func map(
        at slot: Int,
        explicitKeys: ArraySlice<String>,
        merges: ArraySlice<YAMLTreeBuilder.Merge>,
        explicit: inout [SupportedType]
    ) -> OrderedMap? {
        guard !plans.isEmpty, Self.plan(plans[slot], fits: explicitKeys, merges) else { return nil }
        let sources = plans[slot].sources
        var values: [SupportedType] = []
        values.reserveCapacity(sources.count)
        // A merged mapping's values come in a run, so its value list is fetched once per run.
        var merged = -1
        var mergedValues: [SupportedType] = []
        for source in sources {
            switch source {
            case .explicit(let offset):
                var moved = SupportedType(.null)
                swap(&moved, &explicit[offset])
                values.append(consume moved)
            case .merged(let merge, let offset):
                if merge != merged {
                    merged = merge
                    mergedValues = merges[merges.startIndex + merge].map.values
                }
                values.append(mergedValues[offset])
            }
        }
        return OrderedMap(keysOf: plans[slot].template, values: consume values)
    }

    /// Keeps `plan` in `slot`, in place of the plan there.
    mutating func store(_ plan: Plan, at slot: Int) {
        if plans.isEmpty { plans = Array(repeating: Plan(), count: Self.slotCount) }
        plans[slot] = plan
    }

    /// Whether `plan` was made for a mapping with these explicit keys and merges.
    private static func plan(_ plan: Plan, fits explicitKeys: ArraySlice<String>, _ merges: ArraySlice<YAMLTreeBuilder.Merge>) -> Bool {
        guard plan.offsets.count == merges.count, plan.explicitKeys.count == explicitKeys.count else { return false }
        for (index, merge) in merges.enumerated() {
            // Equal key lists of one anchored mapping share storage, which `==` sees at once.
            guard plan.offsets[index] == merge.offset, plan.mergedKeys[index] == merge.map.keys else { return false }
        }
        return plan.explicitKeys.withUnsafeBufferPointer { known in
            explicitKeys.withUnsafeBufferPointer { keys in
                // Compared in place: a generic comparison would copy (retain) every key.
                for offset in 0..<keys.count where known[offset] != keys[offset] { return false }
                return true
            }
        }
    }
}
