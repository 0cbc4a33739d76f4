@_spi(Parsing) import DataMapper

extension MessagePackReader {
    /// Reads a map of one to four entries whose first key matches template `template`
    /// (its key summaries starting at `summaries`), keeping the values in locals.
    ///
    /// Small maps of a repeated shape (a price, an area, a point with a label) are
    /// the bulk of many documents. When the values allow it, the map goes in a slab
    /// (see ``ElementSlabWriter``) and needs no heap buffer of its own. Otherwise a
    /// literal allocates the value array directly at its final size; `reserveCapacity`
    /// on an empty array takes the standard library's general reallocation path, a
    /// large part of the cost of such a map. At the first key that differs from the
    /// template's, the values read so far move into an array and
    /// ``readEntries(_:depth:at:matched:template:values:keyOffsets:)`` reads the rest.
    mutating func readSmallMap(
        count entries: Int, depth: Int, at start: Int, template: Int, summaries: Int
    ) throws(DataMapperError) -> OrderedMap {
        var keyOffsets: [Int] = []
        var matched = 0
        // The values read before a key that differs; `let`s elsewhere, so that each
        // value moves into the literal without a copy.
        var partial: [SupportedType] = []
        reading: do throws(DataMapperError) {
            // One catch adds the key to an error's path, whichever value failed.
            guard skipTemplateKey(summaries, keyOffsets: &keyOffsets) else { break reading }
            let first = try readElement(depth: depth)
            if entries == 1 {
                return slabs.map(keys: shapes.keys(of: template), first) ?? shapes.map(template: template, values: [first])
            }
            matched = 1
            guard skipTemplateKey(summaries + 1, keyOffsets: &keyOffsets) else {
                partial = [first]
                break reading
            }
            let second = try readElement(depth: depth)
            if entries == 2 {
                return slabs.map(keys: shapes.keys(of: template), first, second)
                    ?? shapes.map(template: template, values: [first, second])
            }
            matched = 2
            guard skipTemplateKey(summaries + 2, keyOffsets: &keyOffsets) else {
                partial = [first, second]
                break reading
            }
            let third = try readElement(depth: depth)
            if entries == 3 {
                return slabs.map(keys: shapes.keys(of: template), first, second, third)
                    ?? shapes.map(template: template, values: [first, second, third])
            }
            matched = 3
            guard skipTemplateKey(summaries + 3, keyOffsets: &keyOffsets) else {
                partial = [first, second, third]
                break reading
            }
            let fourth = try readElement(depth: depth)
            return slabs.map(keys: shapes.keys(of: template), first, second, third, fourth)
                ?? shapes.map(template: template, values: [first, second, third, fourth])
        } catch {
            throw error.under(.key(shapes.templates[template].keys[matched]))
        }
        partial.reserveCapacity(entries)
        return try readEntries(entries, depth: depth, at: start, matched: matched, template: template, values: &partial, keyOffsets: &keyOffsets)
    }
}
