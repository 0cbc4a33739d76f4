#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading an open file descriptor a piece at a time, shared by the readers of whole
/// inputs and of streams.
package enum DescriptorReading {
    /// Reads what is available from `descriptor` into `buffer`, up to its size, waiting
    /// for at least one byte; the number read, 0 at the end of the input. A read
    /// interrupted by a signal is retried.
    /// - Throws: ``DataMapperError/Kind/io`` when the descriptor cannot be read.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(DataMapperError) -> Int {
        while true {
            #if canImport(Glibc)
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #else
            let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if count >= 0 { return count }
            let code = errno
            if code != EINTR { throw failure(code) }
        }
    }

    /// The error for a read that failed with `code`.
    package static func failure(_ code: Int32) -> DataMapperError {
        DataMapperError(.io, message: "cannot read the file: \(reason(code))")
    }

    /// What `code` means, in the words a person reading a tool's message expects.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case EISDIR: return "it is a directory"
        case EACCES: return "permission denied"
        default: return String(cString: strerror(code))
        }
    }
}
