#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parts of a page kept on disk until the page can be written: `wristsim report` writes its
/// index first but knows it last, so each scenario's part goes here as it is made and is copied
/// into the page at the end. Memory stays at one scenario's part however many files there are.
///
/// The spool is a temporary file in `$TMPDIR` (or `/tmp`), removed from the folder as soon as it
/// is made, so nothing is left behind however the command ends.
final class PageSpool {
    private let descriptor: Int32
    /// The folder the spool is in, for a failure's message.
    private let folder: String

    /// Makes the spool.
    ///
    /// - Throws: ``OutputFile/Failure`` naming the folder when no file can be made there.
    init() throws(OutputFile.Failure) {
        let variable = getenv("TMPDIR").map { String(cString: $0) } ?? ""
        folder = variable.isEmpty ? "/tmp" : variable
        var template = Array("\(folder)/wristsim-report-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard made >= 0 else { throw OutputFile.Failure(path: folder, reason: SystemWrite.reason(errno)) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        descriptor = made
    }

    deinit { close(descriptor) }

    /// Appends `text` (UTF-8). (Written with ``SystemWrite`` rather than through a temporary
    /// `OutputFile.Writer`: Swift 6.3.1's optimizer crashed inlining that non-copyable value into
    /// `ReportCommand.run` in release builds.)
    func append(_ text: String) throws(OutputFile.Failure) {
        if let code = SystemWrite.all(Array(text.utf8), to: descriptor) {
            throw OutputFile.Failure(path: folder, reason: SystemWrite.reason(code))
        }
    }

    /// Copies everything appended so far, in order, to `file`.
    ///
    /// - Complexity: O(*n*) in the spool's size, in pieces of 64 KiB.
    func copy(into file: OutputFile.Writer) throws(OutputFile.Failure) {
        guard lseek(descriptor, 0, SEEK_SET) == 0 else {
            throw OutputFile.Failure(path: folder, reason: SystemWrite.reason(errno))
        }
        var piece = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = piece.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw OutputFile.Failure(path: folder, reason: SystemWrite.reason(errno))
            }
            if count == 0 { return }
            try piece.withUnsafeBufferPointer { (buffer) throws(OutputFile.Failure) in
                try file.append(UnsafeBufferPointer(rebasing: buffer[..<count]))
            }
        }
    }
}
