/// The system in package (SiP) inside a watch, as far as simulated latency cares:
/// how fast its CPU is relative to the original watch, and how many cores it has.
///
/// Relative speeds are the defaults of PLATFORM.md §6 ("Relative CPU speed"), derived from
/// Apple's "% faster" claims collected in §4.2:
///
/// | chip | relative speed | cores | basis |
/// |---|---|---|---|
/// | S1 | 1.0 | 1 | baseline (original watch, 2015) |
/// | S1P, S2 | 1.5 | 2 | "50 percent faster" CPU |
/// | S3 | 2.5 | 2 | "70% more performance over the Series 2" (1.5 × 1.7 ≈ 2.5) |
/// | S4, S5 | 5 | 2 | "twice as fast as… S3" |
/// | S6, S7, S8 | 6 | 2 | S6 "up to 20 percent faster" than S5; S7/S8 same CPU |
/// | S9, S10 | 7 | 2 | **UNCONFIRMED**: §6 gives "≈ 6–8"; Apple quotes transistor, GPU and Neural Engine gains only |
///
/// Speeds divide a pipeline step's reference cost (the cost on an S1), so an S3 runs a
/// 250 ms reference step in 100 ms.
package enum WatchChip: String, CaseIterable, Hashable, Sendable {
    case s1 = "S1"
    case s1p = "S1P"
    case s2 = "S2"
    case s3 = "S3"
    case s4 = "S4"
    case s5 = "S5"
    case s6 = "S6"
    case s7 = "S7"
    case s8 = "S8"
    case s9 = "S9"
    case s10 = "S10"

    /// The chip's marketing name (`"S3"`).
    package var name: String { rawValue }

    /// CPU speed relative to the S1 (PLATFORM.md §6).
    package var relativeSpeed: Double {
        switch self {
        case .s1: return 1.0
        case .s1p, .s2: return 1.5
        case .s3: return 2.5
        case .s4, .s5: return 5
        case .s6, .s7, .s8: return 6
        case .s9, .s10: return 7
        }
    }

    /// Whether ``relativeSpeed`` rests on a published claim (`false` for S9 and S10, whose
    /// CPU figure is UNCONFIRMED in PLATFORM.md §4.2; 7 is the middle of §6's "≈ 6–8").
    package var isSpeedConfirmed: Bool {
        switch self {
        case .s9, .s10: return false
        case .s1, .s1p, .s2, .s3, .s4, .s5, .s6, .s7, .s8: return true
        }
    }

    /// CPU cores: the S1 is single-core, every later SiP dual-core (PLATFORM.md §4.2).
    package var cores: Int { self == .s1 ? 1 : 2 }
}
