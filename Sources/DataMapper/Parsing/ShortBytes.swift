/// Two words that together hold every byte of a run of up to sixteen bytes, made with
/// at most two loads: what ``StringValueCache`` compares instead of the bytes of a
/// short string.
///
/// For a run of up to sixteen bytes, equal lengths and equal words mean equal bytes.
/// For a longer one the words are its first and last eight bytes. The words are only
/// ever compared with words made here: unlike ``KeyCache/summary(_:)`` they do not
/// zero-pad a short run (a run of four to seven bytes gives its first and last four,
/// which overlap), which saves a loop over the bytes of every short run.
package enum ShortBytes {
    /// The two words of `run`.
    @inlinable @inline(__always)
    public static func words(_ run: UnsafeBufferPointer<UInt8>) -> (head: UInt64, tail: UInt64) {
        guard let base = run.baseAddress else { return (0, 0) }
        let count = run.count
        // Every load lies inside the run; raw pointers allow unaligned loads.
        let raw = UnsafeRawPointer(base)
        if count >= 8 {
            return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
        }
        if count >= 4 {
            return (UInt64(raw.loadUnaligned(as: UInt32.self)), UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
        }
        if count >= 2 {
            return (UInt64(raw.loadUnaligned(as: UInt16.self)), UInt64(raw.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)))
        }
        return (count == 1 ? UInt64(base[0]) : 0, 0)
    }
}
