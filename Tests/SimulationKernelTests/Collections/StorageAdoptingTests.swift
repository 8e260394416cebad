import Testing

@testable import SimulationKernel

/// A value made again from a template in the storage it grew (``StorageAdopting``) equals the
/// template, whatever it held before, and keeps that storage where it can.
@Suite struct StorageAdoptingTests {
    /// An array restarted from a template holds the template's elements in its own buffer.
    @Test func arrayKeepsItsBufferAndTakesTheTemplatesElements() {
        var array = Array(0..<100)
        array.append(contentsOf: 200..<300)
        let capacity = array.capacity
        let buffer = array.withUnsafeBufferPointer { $0.baseAddress }
        array.restart(from: [7, 8, 9])
        #expect(array == [7, 8, 9])
        #expect(array.capacity == capacity)
        #expect(array.withUnsafeBufferPointer { $0.baseAddress } == buffer)
        array.restart(from: [])
        #expect(array.isEmpty && array.capacity == capacity)
    }

    /// A template larger than the kept buffer, or a buffer shared with the template, keeps the
    /// template's own buffer: the value is the template's all the same.
    @Test func arrayWithoutRoomOrSharingTheTemplateTakesTheTemplate() {
        var small = [1]
        let large = Array(0..<1_000)
        small.restart(from: large)
        #expect(small == large)
        var shared = large
        shared.restart(from: large)
        #expect(shared == large)
        #expect(shared.withUnsafeBufferPointer { $0.baseAddress } == large.withUnsafeBufferPointer { $0.baseAddress })
    }

    /// Strings (reference-counted elements) are copied into the kept buffer, not shared with it.
    @Test func arrayOfStringsIsTheTemplateAfterwards() {
        var array = (0..<50).map { "old \($0) with a long enough text to be allocated" }
        let template = (0..<20).map { "new \($0) with a long enough text to be allocated" }
        array.restart(from: template)
        #expect(array == template)
        array.append("more")
        #expect(template.count == 20 && array.count == 21)
        // A longer template (with room for it): the shared places overwritten, the rest appended.
        let buffer = array.withUnsafeBufferPointer { $0.baseAddress }
        let longer = (0..<40).map { "longer \($0) with a long enough text to be allocated" }
        array.restart(from: longer)
        #expect(array == longer)
        #expect(array.withUnsafeBufferPointer { $0.baseAddress } == buffer)
    }

    /// A dictionary or set that starts empty takes over the grown storage, emptied; one that
    /// starts with entries stays the template's.
    @Test func dictionaryAndSetStartEmptyInTheGrownStorage() {
        var dictionary = Dictionary(uniqueKeysWithValues: (0..<100).map { ($0, "\($0)") })
        let capacity = dictionary.capacity
        dictionary.restart(from: [:])
        #expect(dictionary.isEmpty && dictionary.capacity == capacity)
        dictionary.restart(from: [1: "one", 2: "two"])
        #expect(dictionary == [1: "one", 2: "two"])
        var set = Set(0..<100)
        let setCapacity = set.capacity
        set.restart(from: [])
        #expect(set.isEmpty && set.capacity == setCapacity)
        set.restart(from: [3, 4])
        #expect(set == [3, 4])
    }

    /// An optional adopts only when both are present; `nil` on either side gives the template.
    @Test func optionalAdoptsWhenBothArePresent() {
        var value: [Int]? = Array(0..<64)
        let capacity = value!.capacity
        value.restart(from: [1, 2])
        #expect(value == [1, 2] && value!.capacity == capacity)
        value.restart(from: nil)
        #expect(value == nil)
        value.restart(from: [5])
        #expect(value == [5])
    }
}
