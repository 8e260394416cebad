import Foundation

/// A file's bytes read in fixed chunks, one byte at a time, with the line and column of the
/// next byte. Memory is one chunk, whatever the file's size. A leading UTF-8 byte-order mark
/// (EF BB BF, legal before an XML declaration; some editors save CSV with one) is skipped: the
/// first byte read is the one after it, at line 1, column 1.
package struct ByteInput {
    /// The bytes of the current chunk.
    private var chunk: [UInt8]
    /// The next byte's index in `chunk`.
    private var index = 0
    /// Where further chunks come from (`nil`: `chunk` is all there is).
    private let handle: FileHandle?
    /// The file as the user named it, for errors.
    package let file: String
    /// The next byte's 1-based line.
    package private(set) var line = 1
    /// The next byte's 1-based column, in bytes.
    package private(set) var column = 1
    /// Bytes consumed so far.
    package private(set) var offset = 0
    /// Whether the first chunk is still to be checked for a byte-order mark.
    private var atStart = true

    /// The chunk size of a file read (64 KiB).
    package static let chunkSize = 1 << 16

    /// Input from bytes already in memory (tests, the fuzz target).
    package init(bytes: [UInt8], file: String) {
        chunk = bytes
        handle = nil
        self.file = file
        skipByteOrderMark()
    }

    /// Input from the file at `path`, read in chunks.
    ///
    /// - Throws: ``CalibrationError`` when the file cannot be opened.
    package init(path: String) throws(CalibrationError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CalibrationError(file: path, line: 0, column: 0, message: "cannot open the file for reading")
        }
        self.handle = handle
        chunk = []
        file = path
    }

    /// The next byte without consuming it, or `nil` at the end.
    ///
    /// - Throws: ``CalibrationError`` when the file cannot be read.
    package mutating func peek() throws(CalibrationError) -> UInt8? {
        if index < chunk.count { return chunk[index] }
        return try refill() ? chunk[index] : nil
    }

    /// Consumes and returns the next byte, or `nil` at the end.
    package mutating func next() throws(CalibrationError) -> UInt8? {
        if index >= chunk.count, !(try refill()) { return nil }
        let byte = chunk[index]
        index += 1
        offset += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else {
            column += 1
        }
        return byte
    }

    /// An error located at the next byte.
    package func error(_ message: String) -> CalibrationError {
        CalibrationError(file: file, line: line, column: column, message: message)
    }

    /// Reads the next chunk; `false` at the end of the file.
    private mutating func refill() throws(CalibrationError) -> Bool {
        guard let handle else { return false }
        let data: Data?
        do {
            data = try handle.read(upToCount: ByteInput.chunkSize)
        } catch {
            throw self.error("cannot read the file: \(error.localizedDescription)")
        }
        guard let data, !data.isEmpty else { return false }
        chunk = [UInt8](data)
        index = 0
        skipByteOrderMark()
        return index < chunk.count ? true : try refill()
    }

    /// Steps over a byte-order mark at the start of the file (once, in the first chunk).
    private mutating func skipByteOrderMark() {
        guard atStart, !chunk.isEmpty else { return }
        atStart = false
        if chunk.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }
}
