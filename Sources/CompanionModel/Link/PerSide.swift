/// One value for each side of the link (the watch's and the phone's), kept as two fields.
@usableFromInline
struct PerSide<Value: Sendable>: Sendable {
    @usableFromInline var watch: Value
    @usableFromInline var phone: Value

    @usableFromInline
    init(watch: Value, phone: Value) {
        self.watch = watch
        self.phone = phone
    }

    /// The value of `side`.
    @inlinable
    subscript(side: LinkSide) -> Value {
        get { side == .watch ? watch : phone }
        set {
            if side == .watch { watch = newValue } else { phone = newValue }
        }
    }
}
