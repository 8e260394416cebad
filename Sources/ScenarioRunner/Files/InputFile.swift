#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a scenario file without ever blocking on something that is not a file.
///
/// The path is opened non-blocking and checked before a byte is read: only a regular file (or
/// standard input, named `-`) is accepted. A FIFO, a device, a socket or a folder is refused
/// with a clear error (the command exits 65), so `wristsim run some-fifo` never waits for a
/// writer. Any name the system accepts works, including bytes that are not UTF-8
/// (see ``FileName``); messages print the name escaped.
package enum InputFile {
    /// The name that stands for standard input.
    package static let standardInput = "-"

    /// What a command reads, as its refusals name it.
    package enum Expected: Sendable {
        /// A scenario JSON file (every command but `merge`).
        case scenario
        /// A partial result written by `--shard` (`merge`).
        case partialResult

        /// The kind of file, in a message ("expected a scenario JSON file").
        var noun: String { self == .scenario ? "scenario JSON file" : "partial-result file" }
    }

    /// The contents of `path` (at most `limit` bytes), or a ``ScenarioError`` saying why not,
    /// naming the file expected (`expected`).
    ///
    /// - Complexity: O(*n*) in the file's size, never more than `limit` + 1 bytes read.
    package static func read(_ path: String, limit: Int, expected: Expected = .scenario) throws(ScenarioError)
        -> [UInt8]
    {
        if path == standardInput { return try readAll(descriptor: 0, path: path, limit: limit, expected: expected) }
        let descriptor = try FileName.withSystemPath(path) { name in open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { throw failure(path, errno: errno, expected: expected) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(path, errno: errno, expected: expected) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else { throw ScenarioError(file: path, message: refusal(kind, expected: expected)) }
        return try readAll(descriptor: descriptor, path: path, limit: limit, expected: expected)
    }

    /// Whether `path` names a folder (following symbolic links); `nil` when it does not exist
    /// or cannot be examined. `-` (standard input) is not a folder.
    package static func isFolder(_ path: String) -> Bool? {
        if path == standardInput { return false }
        var status = stat()
        guard let result = try? FileName.withSystemPath(path, { stat($0, &status) }), result == 0 else { return nil }
        return status.st_mode & S_IFMT == S_IFDIR
    }

    /// Why a path that is not a regular file is refused.
    static func refusal(_ kind: mode_t, expected: Expected) -> String {
        let what: String
        switch kind {
        case S_IFDIR where expected == .scenario:
            return "is a folder; expected a scenario JSON file (use 'wristsim check' for folders)"
        case S_IFDIR: return "is a folder; expected a \(expected.noun)"
        case S_IFIFO: what = "a FIFO (named pipe)"
        case S_IFCHR: what = "a character device"
        case S_IFBLK: what = "a block device"
        case S_IFSOCK: what = "a socket"
        default: what = "not a regular file"
        }
        return "is \(what); expected a regular \(expected.noun), or '-' to read standard input"
    }

    private static func readAll(descriptor: Int32, path: String, limit: Int, expected: Expected)
        throws(ScenarioError) -> [UInt8]
    {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= limit {
            let count = chunk.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress, buffer.count)
            }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // Standard input opened non-blocking by someone else: wait for data.
                    var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&poller, 1, -1)
                    continue
                }
                throw failure(path, errno: errno, expected: expected)
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        throw ScenarioError(
            file: path, message: "is larger than \(limit / 1024 / 1024) MiB; expected a \(expected.noun)")
    }

    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #else
            Darwin.read(descriptor, buffer, count)
        #endif
    }

    /// The error for a failed system call on `path`.
    static func failure(_ path: String, errno code: Int32, expected: Expected) -> ScenarioError {
        switch code {
        case ENOENT:
            return ScenarioError(file: path, message: "no such file; expected the path of a \(expected.noun)")
        case EACCES: return ScenarioError(file: path, message: "cannot be read: permission denied")
        case EISDIR: return ScenarioError(file: path, message: refusal(S_IFDIR, expected: expected))
        default: return ScenarioError(file: path, message: "cannot be read: " + systemMessage(code))
        }
    }

    /// The system's text for an `errno` value ("No space left on device").
    package static func systemMessage(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
