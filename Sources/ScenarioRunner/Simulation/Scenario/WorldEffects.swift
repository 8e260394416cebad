/// The effects handlers have asked for and the world has not performed yet: a stack the world
/// lends, `inout`, to every handler it calls (`into effects: inout WorldEffects`), which appends
/// what it asks for.
///
/// It is not copyable: one owner (the world's run, or a test) holds it, so it needs none of an
/// array's copy-on-write checks (an array asks the runtime whether its buffer is shared at every
/// append and every removal; this buffer cannot be shared, so it never asks).
///
/// ```swift
/// var effects = WorldEffects()
/// action.effects(at: .zero, into: &effects)
/// effects.elements  // [.send(.watch(.tap(2)))]: a tap on the item with key 2
/// ```
///
/// Storage is allocated at the first append (many events ask for nothing) and grows by doubling;
/// removing effects keeps it.
package struct WorldEffects: ~Copyable {
    /// The effects, `base[0..<count]` initialised; `nil` before the first append.
    private var base: UnsafeMutablePointer<WorldEffect>?
    /// Room at `base`.
    private var capacity = 0
    /// The number of effects held.
    package private(set) var count = 0

    deinit {
        guard let base else { return }
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// A copy of the effects held, in order.
    ///
    /// - Complexity: O(*n*) for *n* effects.
    package var elements: [WorldEffect] {
        guard let base else { return [] }
        return Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// The effect at `index` (`0..<count`).
    package subscript(index: Int) -> WorldEffect {
        get {
            precondition(index >= 0 && index < count, "WorldEffects index \(index) out of 0..<\(count)")
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(index >= 0 && index < count, "WorldEffects index \(index) out of 0..<\(count)")
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    /// Appends `effect`.
    ///
    /// - Complexity: amortised O(1).
    package mutating func append(_ effect: consuming WorldEffect) {
        if count == capacity { grow() }
        (base.unsafelyUnwrapped + count).initialize(to: effect)
        count &+= 1
    }

    /// Appends `effects`, in order.
    ///
    /// - Complexity: O(*k*) for *k* effects (amortised).
    package mutating func append(contentsOf effects: some Sequence<WorldEffect>) {
        for effect in effects { append(effect) }
    }

    /// Removes the last effect and returns it (moved out: no copy). The stack must not be empty.
    ///
    /// - Complexity: O(1).
    mutating func removeLast() -> WorldEffect {
        precondition(count > 0, "removeLast() on empty WorldEffects")
        count &-= 1
        return (base.unsafelyUnwrapped + count).move()
    }

    /// Reverses the effects from `start` on in place (`start` in `0...count`).
    ///
    /// - Complexity: O(*k*) for the *k* effects from `start` on.
    mutating func reverse(from start: Int) {
        precondition(start >= 0 && start <= count, "WorldEffects.reverse(from: \(start)) out of 0...\(count)")
        guard count - start > 1 else { return }
        reverseTail(from: start)
    }

    /// ``reverse(from:)`` for two effects or more from `start` on.
    private mutating func reverseTail(from start: Int) {
        var batch = UnsafeMutableBufferPointer(start: base.unsafelyUnwrapped + start, count: count - start)
        batch.reverse()
    }

    /// Doubles the room (at least 16), moving the effects over.
    private mutating func grow() {
        let (doubled, overflow) = capacity.multipliedReportingOverflow(by: 2)
        precondition(!overflow, "WorldEffects cannot grow past \(capacity)")
        let newCapacity = max(16, doubled)
        let newBase = UnsafeMutablePointer<WorldEffect>.allocate(capacity: newCapacity)
        if let base {
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
    }
}
