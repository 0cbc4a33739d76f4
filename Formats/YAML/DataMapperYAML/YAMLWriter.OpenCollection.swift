import DataMapperCore

extension YAMLWriter {
    /// A sequence or mapping whose start event is written and whose entries are being
    /// written.
    ///
    /// The writer nests collections by a stack of these rather than by calls, so the
    /// thread's stack stays the same however deep the value is. Each one remembers
    /// which entry it is writing, so an error's path is read off the stack when it is
    /// thrown.
    struct OpenCollection {
        /// Whether it is a mapping (its entries in `map`) or a sequence (in `items`).
        let isMapping: Bool
        /// The mapping's entries; empty for a sequence.
        let map: OrderedMap
        /// The sequence's items; empty for a mapping.
        let items: SupportedArray
        /// The offsets of the mapping's entries in the order they are written, when
        /// keys are sorted; empty when they are written in their own order.
        let order: [Int]
        /// How many entries (in writing order) are written or being written: where to go on.
        var next = 0
        /// The offset of the entry whose value is being written, for an error's path;
        /// -1 when none is.
        var child = -1

        /// An open mapping, its entries written in `order` (their own order when empty)
        /// up to `next`.
        init(map: OrderedMap, order: [Int], next: Int) {
            isMapping = true
            self.map = map
            items = SupportedArray()
            self.order = order
            self.next = next
        }

        /// An open sequence, its items written up to `next`.
        init(items: SupportedArray, next: Int) {
            isMapping = false
            map = OrderedMap()
            self.items = items
            order = []
            self.next = next
        }
    }
}
