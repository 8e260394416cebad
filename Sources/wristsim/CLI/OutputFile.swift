import ScenarioRunner

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a command writes (an SVG picture, an HTML page), written the same way by every command.
///
/// The document is written **through the path**: the path is opened for writing (created if
/// missing, truncated if a regular file) and the bytes are written to it. Nothing is ever
/// replaced by a rename, so a symbolic link keeps pointing where it did (the file it points to
/// gets the document), a FIFO receives the document if something is reading it (and is refused
/// at once, never waited on, if nothing is), and a device such as `/dev/stdout` is written to,
/// never replaced by a regular file. Every write is checked: a full device or any other failure
/// is an ``Failure`` with the system's reason, and the command exits 74.
///
/// ```swift
/// do {
///     try OutputFile(path).write(svg)
/// } catch {
///     Console.error("Error: \(error)")
///     return .ioError
/// }
/// ```
struct OutputFile {
    /// The path as the user gave it (any bytes the system accepts, see ``FileName``).
    let path: String

    init(_ path: String) {
        self.path = path
    }

    /// Why a file could not be written; printed as `cannot write 'PATH': reason`.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "cannot write '\(FileName.display(path))': \(reason)" }
    }

    /// Checks, before the work whose result goes there, that the path is a regular file that can be
    /// written, or a new one in a folder that can be written (following symbolic links): an empty
    /// path, a missing or unwritable folder, a read-only file, a FIFO, a device, a socket or a
    /// folder is refused at once, and so is a name longer than the system allows, so a long
    /// command (an exploration) neither waits on it nor finds out at the end.
    ///
    /// - Throws: ``Failure`` naming what the path is.
    func checkWritable() throws(Failure) {
        guard !path.isEmpty else { throw Failure(path: path, reason: "an empty path; expected a file name") }
        var status = stat()
        let statCode = try? FileName.withSystemPath(path) { stat($0, &status) == 0 ? 0 : errno }
        guard statCode == 0 else {
            if statCode == ENAMETOOLONG { throw Failure(path: path, reason: SystemWrite.reason(ENAMETOOLONG)) }
            let folder = path.contains("/") ? String(path[...path.lastIndex(of: "/")!]) : "."
            let code = (try? FileName.withSystemPath(folder) { access($0, W_OK | X_OK) == 0 ? 0 : errno }) ?? EINVAL
            guard code == 0 else { throw Failure(path: path, reason: "its folder: " + SystemWrite.reason(code)) }
            return
        }
        let what: String
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let code = (try? FileName.withSystemPath(path) { access($0, W_OK) == 0 ? 0 : errno }) ?? EINVAL
            guard code == 0 else { throw Failure(path: path, reason: SystemWrite.reason(code)) }
            return
        case S_IFDIR: what = "a folder"
        case S_IFIFO: what = "a FIFO (named pipe)"
        case S_IFCHR: what = "a character device"
        case S_IFBLK: what = "a block device"
        case S_IFSOCK: what = "a socket"
        default: what = "not a regular file"
        }
        throw Failure(path: path, reason: "it is \(what); expected a regular file (or a new one)")
    }

    /// Writes `text` (UTF-8) to the file, replacing its contents.
    ///
    /// - Complexity: O(*n*) in the size of `text`.
    func write(_ text: String) throws(Failure) {
        try write { (file) throws(Failure) in try file.append(text) }
    }

    /// Writes the file in pieces: opens it (replacing its contents), lets `fill` append to it in
    /// order, and closes it. A page too large to hold (a report of many scenarios) is written
    /// this way.
    func write(_ fill: (Writer) throws(Failure) -> Void) throws(Failure) {
        let descriptor: Int32
        do {
            descriptor = try FileName.withSystemPath(path) { name in
                open(name, O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0o666)
            }
        } catch {
            throw Failure(path: path, reason: "not a usable file name")
        }
        guard descriptor >= 0 else {
            let code = errno
            throw Failure(path: path, reason: code == ENXIO ? "it is a FIFO with no reader" : SystemWrite.reason(code))
        }
        // Opened non-blocking only so that a FIFO without a reader fails at once; write blocking.
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        do {
            try fill(Writer(path: path, descriptor: descriptor))
        } catch {
            close(descriptor)
            throw error
        }
        if close(descriptor) != 0, errno != EINTR {
            throw Failure(path: path, reason: SystemWrite.reason(errno))
        }
    }

    /// An output file open for writing, appended to in order (given to the piecewise `write`).
    struct Writer {
        /// The path, for the failure's message.
        let path: String
        let descriptor: Int32

        /// Appends `text` (UTF-8), written from the string's own storage when it is native.
        func append(_ text: String) throws(Failure) {
            var text = text
            text.makeContiguousUTF8()
            let result: Result<Void, Failure>? = text.utf8.withContiguousStorageIfAvailable { buffer in
                Result { () throws(Failure) in try append(buffer) }
            }
            switch result {
            case .success?: return
            case .failure(let failure)?: throw failure
            case nil: try Array(text.utf8).withUnsafeBufferPointer { (buffer) throws(Failure) in try append(buffer) }
            }
        }

        /// Appends `bytes`.
        func append(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
            if let code = SystemWrite.all(bytes, to: descriptor) {
                throw Failure(path: path, reason: SystemWrite.reason(code))
            }
        }
    }
}

/// Checked `write(2)` of a whole buffer, shared by ``OutputFile`` and ``Console``.
enum SystemWrite {
    /// Writes every byte of `bytes` to `descriptor`, retrying interrupted and partial writes.
    ///
    /// - Returns: `nil` on success, else the `errno` of the failure (`EIO` for a write that
    ///   made no progress).
    /// - Complexity: O(*n*).
    static func all(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBufferPointer { all($0, to: descriptor) }
    }

    /// Writes every byte of `bytes` in place, as the array form does.
    static func all(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(
                descriptor, UnsafeRawPointer(bytes.baseAddress.map { $0 + offset }), bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if written == 0 { return EIO }
            offset += written
        }
        return nil
    }

    /// The system's text for `code`, lower-cased at the start ("no space left on device").
    static func reason(_ code: Int32) -> String {
        let text = InputFile.systemMessage(code)
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }

    private static func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, buffer, count)
        #else
            Darwin.write(descriptor, buffer, count)
        #endif
    }
}
