#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// "No crash" for `explore`: if a run traps (a failed precondition, an overflow, a bad access),
/// the process still says which run and seed it was in, and how to repeat it, before it dies.
///
/// The message for the run in progress is kept ready in a fixed buffer, rewritten (digits only,
/// no allocation) before each run (``CrashMessageBuffer``). A handler for SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE and
/// SIGABRT writes that buffer to standard error with `write(2)` (async-signal-safe, unlike
/// anything that allocates or locks), restores the default action and raises the signal again,
/// so the process still ends by that signal (a shell shows the crash; `--jobs` reports the
/// shard as failed).
enum ExploreCrashReport {
    /// The signals a Swift trap or a memory error raises.
    static let signals = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// Prepares the message for an exploration of `file` with base seed `seed` and installs the
    /// handler. Call once, before the first run.
    static func install(file: String, seed: UInt64) {
        crashMessage.prepare(file: file, seed: seed)
        for number in signals {
            _ = signal(number) { received in
                let message = crashMessage.published
                _ = write(2, message.bytes, message.count)
                _ = signal(received, SIG_DFL)
                _ = raise(received)
            }
        }
    }

    /// Makes `run` with `seed` the run a crash names.
    ///
    /// - Complexity: O(1) (about 60 digits), no allocation.
    static func starting(run: UInt64, seed: UInt64) {
        crashMessage.set(run: run, seed: seed)
    }
}

/// The crash message's bytes: `"error: explore crashed in run R (seed S); 'wristsim explore FILE
/// --seed B --runs R+1' repeats it"`, in memory that is never freed or moved, so a signal handler
/// may read it.
///
/// There are two messages: the published one, which a crash writes, and the other, which
/// ``set(run:seed:)`` rewrites for the next run and then publishes, by one aligned word store of
/// its number. A signal that comes while a message is rewritten (one sent from outside, such as
/// `kill -SEGV`) so finds the last whole message, never one with the new run's number and the
/// old run's `--runs`. The handler runs on the thread it interrupts, which sees its own stores in
/// order.
final class CrashMessageBuffer: @unchecked Sendable {
    /// The two messages' bytes, each with room for `capacity`.
    private var buffers: [UnsafeMutablePointer<UInt8>] = []
    /// Each message's length in bytes.
    private let counts = UnsafeMutablePointer<Int>.allocate(capacity: 2)
    /// The number of the published message (0 or 1), one word written at once.
    private let publishedIndex = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    private var capacity = 1
    private var file: [UInt8] = []
    private var seed: UInt64 = 0

    /// The message a crash writes now.
    var published: (bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        let index = publishedIndex.pointee
        return (buffers[index], counts[index])
    }

    /// Allocates room for the messages of `file` (once; the buffers are never freed).
    func prepare(file: String, seed: UInt64) {
        self.file = Array(file.utf8)
        self.seed = seed
        capacity = 256 + self.file.count
        buffers = [.allocate(capacity: capacity), .allocate(capacity: capacity)]
        counts.initialize(repeating: 0, count: 2)
        publishedIndex.initialize(to: 0)
        set(run: 0, seed: 0)
    }

    /// Writes the message for `run` and `seed` into the unpublished buffer, then publishes it.
    func set(run: UInt64, seed runSeed: UInt64) {
        let target = 1 - publishedIndex.pointee
        let bytes = buffers[target]
        var index = 0
        func put(_ text: StaticString) {
            text.withUTF8Buffer { buffer in
                for byte in buffer where index < capacity {
                    bytes[index] = byte
                    index += 1
                }
            }
        }
        func put(_ number: UInt64) {
            var digits = 1
            var rest = number / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            guard index + digits <= capacity else { return }
            var value = number
            for position in stride(from: index + digits - 1, through: index, by: -1) {
                bytes[position] = UInt8(truncatingIfNeeded: value % 10) &+ 48
                value /= 10
            }
            index += digits
        }
        put("\nerror: explore crashed in run ")
        put(run)
        put(" (seed ")
        put(runSeed)
        put("); 'wristsim explore ")
        for byte in file where index < capacity {
            bytes[index] = byte
            index += 1
        }
        put(" --seed ")
        put(seed)
        put(" --runs ")
        put(run &+ 1)
        put("' repeats it\n")
        counts[target] = index
        publishedIndex.pointee = target
    }
}

/// The one crash message of the process.
let crashMessage = CrashMessageBuffer()
