/// Which intervals calibrate keeps: those whose subsystem and category match when given.
package struct SignpostFilter: Hashable, Sendable {
    /// The subsystem to keep (`"com.example.grocery"`), or `nil` for any.
    package var subsystem: String?
    /// The category to keep (`"checkOff"`), or `nil` for any.
    package var category: String?

    package init(subsystem: String? = nil, category: String? = nil) {
        self.subsystem = subsystem
        self.category = category
    }
}
