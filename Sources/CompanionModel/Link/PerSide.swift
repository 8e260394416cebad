/// One value for each side of the link (the watch's and the phone's), kept as two fields.
struct PerSide<Value: Sendable>: Sendable {
    var watch: Value
    var phone: Value

    init(watch: Value, phone: Value) {
        self.watch = watch
        self.phone = phone
    }

    /// The value of `side`.
    subscript(side: LinkSide) -> Value {
        get { side == .watch ? watch : phone }
        set {
            if side == .watch { watch = newValue } else { phone = newValue }
        }
    }
}
