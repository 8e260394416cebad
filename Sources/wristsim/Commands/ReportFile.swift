#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a report file (`--junit`, `--svg`), replacing it whole.
enum ReportFile {
    /// Writes `text` to `path`; returns the message to print when it cannot (the caller exits
    /// with ``ExitCode/ioError``), naming the path and the system's reason.
    static func write(_ text: String, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return failure(path) }
        defer { close(descriptor) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return -1 }
                #if canImport(Glibc)
                    return Glibc.write(descriptor, base + offset, buffer.count - offset)
                #else
                    return Darwin.write(descriptor, base + offset, buffer.count - offset)
                #endif
            }
            guard written > 0 else { return failure(path) }
            offset += written
        }
        return nil
    }

    private static func failure(_ path: String) -> String {
        "\(path): error: cannot write the file: \(String(cString: strerror(errno)))"
    }
}
