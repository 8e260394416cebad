/// `--shard K/N` (or `--shard auto/N`): which of N equal parts of the runs this process does.
///
/// With `auto`, the index comes from the batch system's environment: `JOB_COMPLETION_INDEX`
/// (a Kubernetes Indexed Job, 0-based) or `SLURM_ARRAY_TASK_ID` (a Slurm job array; minus
/// `SLURM_ARRAY_TASK_MIN` when set, so `--array=1-1000` works as well as `--array=0-999`).
package struct ShardSpec: Hashable, Sendable {
    /// 0-based index of this shard.
    package var index: Int
    /// How many shards there are.
    package var count: Int

    /// The most shards a run may be split into.
    package static let maximumCount = 1_000_000

    /// The environment variables `auto` reads, in order of preference.
    package static let indexVariables = ["JOB_COMPLETION_INDEX", "SLURM_ARRAY_TASK_ID"]

    /// The runs of shard `index` of `count` (0-based) of the runs `0..<total`: contiguous, and
    /// together exactly all runs, each shard within one run of the others' size.
    static func runs(_ index: Int, of count: Int, in total: UInt64) -> Range<UInt64> {
        let parts = UInt64(max(1, count))
        let part = UInt64(min(max(0, index), Int(parts) - 1))
        func boundary(_ k: UInt64) -> UInt64 {
            // total ≤ 10¹² and k ≤ parts, so (total / parts) × k + (total % parts) × k / parts cannot overflow.
            total / parts * k + (total % parts) * k / parts
        }
        return boundary(part)..<boundary(part + 1)
    }

    /// Parses `K/N` (0 ≤ K < N ≤ ``maximumCount``) or `auto/N`, reading `environment` for `auto`.
    ///
    /// - Throws: ``SweepError/usage(_:)`` saying what was expected.
    package static func parse(_ text: String, environment: [String: String]) throws(SweepError) -> ShardSpec {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let count = Int(parts[1]), (1...maximumCount).contains(count) else {
            throw .usage(
                "--shard expects K/N or auto/N with N from 1 to \(maximumCount); found \(ArgumentText.quoted(text))")
        }
        if parts[0] == "auto" {
            guard let variable = indexVariables.first(where: { environment[$0] != nil }),
                let raw = environment[variable], var index = Int(raw)
            else {
                throw .usage(
                    "--shard auto/\(count) reads the shard index from "
                        + indexVariables.joined(separator: " or ") + ", and neither is set to a whole number")
            }
            if variable == "SLURM_ARRAY_TASK_ID", let text = environment["SLURM_ARRAY_TASK_MIN"] {
                guard let minimum = Int(text) else {
                    throw .usage(
                        "--shard auto/\(count): SLURM_ARRAY_TASK_MIN=\(ArgumentText.quoted(text)) is not a whole number"
                    )
                }
                let (difference, overflow) = index.subtractingReportingOverflow(minimum)
                guard !overflow else {
                    throw .usage(
                        "--shard auto/\(count): SLURM_ARRAY_TASK_ID=\(ArgumentText.quoted(raw)) minus "
                            + "SLURM_ARRAY_TASK_MIN=\(ArgumentText.quoted(text)) does not fit in a 64-bit number; "
                            + "expected an index from 0 to \(count - 1)")
                }
                index = difference
            }
            guard (0..<count).contains(index) else {
                throw .usage(
                    "--shard auto/\(count): \(variable)=\(ArgumentText.quoted(raw)) gives index \(index), "
                        + "expected 0..<\(count)")
            }
            return ShardSpec(index: index, count: count)
        }
        guard let index = Int(parts[0]), (0..<count).contains(index) else {
            throw .usage(
                "--shard K/\(count) expects K from 0 to \(count - 1); found \(ArgumentText.quoted(String(parts[0])))")
        }
        return ShardSpec(index: index, count: count)
    }
}
