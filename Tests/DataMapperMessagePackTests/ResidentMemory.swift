import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How much anonymous memory (heap, stacks; not mapped files) the process has
/// resident, read after handing freed memory back to the system.
///
/// Anonymous memory rather than all resident memory: code pages of the test binary
/// touched for the first time (the reader's own code) are file-backed and say
/// nothing about what a value keeps.
enum ResidentMemory {
    /// Whether this system lets the process read its resident memory (Linux with glibc).
    static var isReadable: Bool {
        #if canImport(Glibc)
        return FileManager.default.isReadableFile(atPath: "/proc/self/statm") && symbol("malloc_trim") != nil
        #else
        return false
        #endif
    }

    /// Whether an address or thread sanitizer is linked in: their allocators hold
    /// freed memory back (quarantine, shadow), so resident memory cannot show what a
    /// value keeps.
    static var isSanitized: Bool {
        #if canImport(Glibc)
        return symbol("__asan_init") != nil || symbol("__tsan_init") != nil
        #else
        return false
        #endif
    }

    /// Anonymous resident bytes, after `malloc_trim(0)` has given every free page of
    /// every malloc arena back; nil where that cannot be read.
    static func anonymousBytesAfterTrim() -> Int? {
        #if canImport(Glibc)
        // Swift's Glibc module leaves out <malloc.h>, so malloc_trim is looked up.
        if let trim = symbol("malloc_trim") {
            _ = unsafeBitCast(trim, to: (@convention(c) (Int) -> Int32).self)(0)
        }
        // statm: size resident shared text lib data dt, in pages; resident minus
        // shared (file-backed and shared memory) is the anonymous part.
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
        let fields = statm.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count >= 3 else { return nil }
        return (fields[1] - fields[2]) * sysconf(Int32(_SC_PAGESIZE))
        #else
        return nil
        #endif
    }

    #if canImport(Glibc)
    /// A symbol of the running program or of a library it has loaded.
    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        guard let program = dlopen(nil, RTLD_NOW) else { return nil }
        // The program itself is never unloaded, so its symbols outlive the handle.
        defer { dlclose(program) }
        return dlsym(program, name)
    }
    #endif
}
