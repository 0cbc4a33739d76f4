import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The progress bar `convert` draws on standard error while it reads a large file:
/// bytes read of the total and the percentage, redrawn in place with `\r` at most ten
/// times a second, and cleared at the end.
struct ProgressBar {
    /// Inputs smaller than this convert too fast for a bar to be worth drawing.
    static let minimumSize = 8 * 1024 * 1024
    /// The least time between two drawings.
    static let interval = Duration.milliseconds(100)

    /// Whether a bar is drawn: `forced` (`--progress` / `--no-progress`) decides when
    /// given; otherwise the input must be a regular file (`size` known) over
    /// ``minimumSize``, standard error a terminal, and `--quiet` not given. A bar needs
    /// a size to show a total, so even a forced one needs a regular file.
    static func isShown(forced: Bool?, quiet: Bool, size: Int?, standardErrorIsTerminal: Bool) -> Bool {
        guard let size else { return false }
        if let forced { return forced }
        return !quiet && standardErrorIsTerminal && size > minimumSize
    }

    /// One drawing: `\r`, a bar of `width` cells, bytes read of the total in MiB, the
    /// percentage; read bytes past the total (a file that grew) count as the total.
    static func render(read: Int, total: Int, width: Int = 30) -> String {
        let done = total > 0 ? min(read, total) : 0
        let fraction = total > 0 ? Double(done) / Double(total) : 1
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = Int((fraction * 100).rounded(.down))
        return "\r[\(bar)] \(mebibytes(done)) / \(mebibytes(total)) MiB \(percent)%"
    }

    /// What erases a drawing of `render`'s length and puts the cursor back at the start.
    static func clearing(_ drawing: String) -> String {
        "\r" + String(repeating: " ", count: max(0, drawing.count - 1)) + "\r"
    }

    /// `bytes` in MiB with one decimal.
    private static func mebibytes(_ bytes: Int) -> String {
        let tenths = bytes * 10 / (1024 * 1024)
        return "\(tenths / 10).\(tenths % 10)"
    }

    let total: Int
    private let clock = ContinuousClock()
    private var lastDrawn: ContinuousClock.Instant?
    private var lastDrawing = ""

    init(total: Int) {
        self.total = total
    }

    /// Draws the bar for `read()` bytes unless it was drawn less than ``interval`` ago;
    /// `read` is only asked for when a drawing is due.
    mutating func update(read: () -> Int?) {
        let now = clock.now
        if let lastDrawn, now - lastDrawn < Self.interval { return }
        guard let bytes = read() else { return }
        lastDrawn = now
        lastDrawing = Self.render(read: bytes, total: total)
        Self.write(lastDrawing)
    }

    /// Erases the bar, if one was drawn.
    mutating func clear() {
        guard !lastDrawing.isEmpty else { return }
        Self.write(Self.clearing(lastDrawing))
        lastDrawing = ""
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether standard error is a terminal.
    static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}
