extension WorldContext {
    /// Whether the world has a complication that listens: only with a `"complication"` section
    /// (read from the run's prepared start); without one the complication is inert and
    /// ``ComplicationFeature/handle(_:_:into:)`` drops every event at once. A sender may skip a
    /// ``ComplicationEvent`` when it is `false`: skipping changes nothing but the cost.
    var complicationListens: Bool { prepared.complication.model != nil }
}
