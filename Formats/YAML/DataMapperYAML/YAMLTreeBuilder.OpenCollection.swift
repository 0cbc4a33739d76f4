import DataMapperCore

extension YAMLTreeBuilder {
    /// A sequence or mapping whose start event is read and whose end event is not.
    ///
    /// The builder nests collections by a stack of these rather than by calls, so the
    /// thread's stack stays the same however deep the document is. The collection's
    /// values wait on the builder's ``YAMLTreeBuilder/values`` stack and its keys on
    /// ``YAMLTreeBuilder/keys``, so this holds only counts and places, and moving it
    /// on and off the stack copies a few words. It remembers the entry it is reading
    /// so that an error's path can be read off the stack when it is thrown.
    struct OpenCollection {
        /// What a mapping does with the value of the entry being read.
        enum Entry {
            /// Adds it under a key just pushed on ``YAMLTreeBuilder/keys``.
            case new
            /// Its key was written before, at this place among the mapping's values.
            case repeated(Int)
            /// Its key is `<<`: the value is merged.
            case merge
        }

        /// Whether it is a mapping (else a sequence).
        let isMapping: Bool
        /// Whether it has an anchor, the last of ``YAMLTreeBuilder/collectionAnchors``.
        let hasAnchor: Bool
        /// Whether an item, or the value of the entry being read, is being read: the
        /// step this collection adds to an error's path.
        var readingChild = false
        /// Where its start event is.
        let position: SourcePosition
        /// What it holds so far (see ``Tally``), itself included.
        var count = Tally(values: 1, bytes: 1)
        /// How many values it has: the sequence's items, or the mapping's values under
        /// keys written once.
        var length = 0
        /// Where its values start on ``YAMLTreeBuilder/values``.
        let opening: ContainerBuilder.Opening

        // MARK: Mappings

        /// Where the mapping's keys start on ``YAMLTreeBuilder/keys`` (and the stacks
        /// beside it) and its merged mappings on ``YAMLTreeBuilder/merges``.
        let keyBase: Int
        let mergeBase: Int
        /// Finds the keys the mapping repeats among its keys on the key stacks.
        var finder = RepeatedKeyFinder()
        /// What the entry being read does with its value.
        var entry = Entry.new

        /// An open sequence.
        init(sequenceAt position: SourcePosition, hasAnchor: Bool, opening: ContainerBuilder.Opening) {
            isMapping = false
            self.hasAnchor = hasAnchor
            self.position = position
            self.opening = opening
            keyBase = 0
            mergeBase = 0
        }

        /// An open mapping whose keys go on the key stacks from `keyBase`, and its merged
        /// mappings on ``YAMLTreeBuilder/merges`` from `mergeBase`.
        init(mappingAt position: SourcePosition, hasAnchor: Bool, opening: ContainerBuilder.Opening, keyBase: Int, mergeBase: Int) {
            isMapping = true
            self.hasAnchor = hasAnchor
            self.position = position
            self.opening = opening
            self.keyBase = keyBase
            self.mergeBase = mergeBase
        }
    }
}
