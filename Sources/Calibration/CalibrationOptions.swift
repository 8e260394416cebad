import CompanionModel

/// What `wristsim calibrate` was asked: the recording chip, how to name steps, what to keep.
package struct CalibrationOptions: Hashable, Sendable {
    /// The chip the recording was made on.
    package var chip: WatchChip
    /// Signpost name → step name (`--map "Remove row=removeRow"`); unmapped names are kept.
    package var names: [String: String]
    /// Which intervals to keep.
    package var filter: SignpostFilter
    /// The calibrated pipeline's name.
    package var pipelineName: String

    package init(
        chip: WatchChip, names: [String: String] = [:], filter: SignpostFilter = SignpostFilter(),
        pipelineName: String = "calibrated"
    ) {
        self.chip = chip
        self.names = names
        self.filter = filter
        self.pipelineName = pipelineName
    }
}
