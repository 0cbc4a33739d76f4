#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to an open file descriptor, the writing side of ``DescriptorReading``.
package enum DescriptorWriting {
    /// Writes all of `bytes` to `descriptor`, waiting as long as it takes: a write
    /// that takes only part of the bytes (a pipe, a socket) is followed by another for
    /// the rest, and a write interrupted by a signal is retried.
    /// - Throws: ``DataMapperError/Kind/io`` when the descriptor cannot be written.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(DataMapperError) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            #if canImport(Glibc)
            let count = Glibc.write(descriptor, next, remaining)
            #else
            let count = Darwin.write(descriptor, next, remaining)
            #endif
            if count > 0 {
                next += count
                remaining -= count
            } else if count == 0 {
                // Only a write of nothing may take nothing; anything else would loop for ever.
                throw DataMapperError(.io, message: "cannot write the file: it took no bytes")
            } else {
                let code = errno
                if code != EINTR { throw failure(code) }
            }
        }
    }

    /// The error for a write that failed with `code`.
    package static func failure(_ code: Int32) -> DataMapperError {
        DataMapperError(.io, message: "cannot write the file: \(DescriptorReading.reason(code))")
    }
}
