import SimulationKernel
import Testing

@testable import CompanionModel

@Suite struct WristAppMachineTests {
    func at(_ seconds: Int64) -> SimTime { SimTime(offset: .seconds(seconds)) }

    @Test func tapWithWristDownIsRefused() {
        var machine = WristAppMachine(rowsVisible: 3)
        #expect(machine.effects(.wristLowered(at: at(10))) == [.scheduleReturnToClock(at: at(130))])
        #expect(machine.state.tapRefusal != nil)
        #expect(machine.effects(.tap(0, at: at(20))) == [.refuseTap(0, at: at(20), reason: .wristDown)])
    }

    @Test func raiseWithinFrontmostTimeReturnsToTheApp() {
        var machine = WristAppMachine(rowsVisible: 3)
        _ = machine.effects(.wristLowered(at: at(10)))
        _ = machine.effects(.wristRaised(at: at(129), next: nil))
        #expect(machine.state == .appActive(since: at(129)))
        #expect(machine.effects(.tap(0, at: at(130))) == [.deliverTap(0, at: at(130))])
        // The old deadline fires late: it is stale and changes nothing.
        #expect(machine.effects(.returnToClockDue(at: at(130))) == [])
        #expect(machine.state.tapRefusal == nil)
    }

    @Test func raiseAfterFrontmostTimeShowsTheClock() {
        var machine = WristAppMachine(rowsVisible: 3)
        _ = machine.effects(.wristLowered(at: at(10)))
        let next = NextPick.onRow(0)
        #expect(
            machine.effects(.wristRaised(at: at(130), next: next))
                == [.returnedToClock(at: at(130)), .nextItem(.clockFace, at: at(130))])
        #expect(machine.state == .clockFace(since: at(130)))
        #expect(machine.effects(.tap(1, at: at(131))) == [.refuseTap(1, at: at(131), reason: .clockFace)])
        #expect(
            machine.effects(.appOpened(at: at(132), next: next))
                == [.nextItem(.visible(row: 0, rowsVisible: 3), at: at(132))])
        #expect(machine.effects(.tap(1, at: at(133))) == [.deliverTap(1, at: at(133))])
    }

    @Test func deadlineDeliveredByTheDriverReturnsToClock() {
        var machine = WristAppMachine(rowsVisible: 3, frontmostTimeout: .seconds(Int64(60)))
        _ = machine.effects(.wristLowered(at: at(0)))
        #expect(machine.effects(.returnToClockDue(at: at(59))) == [], "early delivery is ignored")
        #expect(machine.effects(.returnToClockDue(at: at(60))) == [.returnedToClock(at: at(60))])
        #expect(machine.state == .clockAsleep(since: at(60)))
        #expect(!machine.state.isWristRaised)
    }

    @Test func zeroTimeoutReturnsToClockAtOnce() {
        var machine = WristAppMachine(rowsVisible: 3, frontmostTimeout: .zero)
        #expect(machine.effects(.wristLowered(at: at(5))) == [.returnedToClock(at: at(5))])
        _ = machine.effects(.wristRaised(at: at(6), next: nil))
        #expect(machine.state == .clockFace(since: at(6)))
    }

    @Test func repeatedEventsChangeNothing() {
        var machine = WristAppMachine(rowsVisible: 3)
        #expect(machine.effects(.wristRaised(at: at(1), next: nil)) == [])
        #expect(machine.effects(.appOpened(at: at(2), next: nil)) == [])
        _ = machine.effects(.wristLowered(at: at(3)))
        #expect(machine.effects(.wristLowered(at: at(4))) == [])
        #expect(machine.state == .appInactive(wristDownAt: at(3), returnsToClockAt: at(123)))
    }

    @Test func nextItemVisibilityDependsOnTheScreen() throws {
        let next = NextPick.onRow(2)
        for (name, expected) in [
            ("series3-38mm", NextItemVisibility.needsScroll(row: 2, rowsVisible: 2)),
            ("ultra2-49mm", .visible(row: 2, rowsVisible: 3)),
        ] {
            var machine = WristAppMachine(rowsVisible: try WatchModel.named(name).rowsVisible)
            _ = machine.effects(.wristLowered(at: at(0)))
            #expect(
                machine.effects(.wristRaised(at: at(30), next: next)) == [.nextItem(expected, at: at(30))], "\(name)")
        }
    }

    @Test func nextItemEdgeCases() {
        #expect(
            NextItemVisibility.of(NextPick.nothing, rowsVisible: 2) == .nothingToPickUp)
        #expect(
            NextItemVisibility.of(NextPick.onRow(0), rowsVisible: 0)
                == .needsScroll(row: 0, rowsVisible: 0))
        #expect(NextItemVisibility.of(NextPick.onRow(1), rowsVisible: 2).isVisible)
        #expect(!NextItemVisibility.clockFace.isVisible)
    }

    /// The inline effects of a transition keep their order: a raise after the deadline gives both
    /// of its effects, in order, without an array.
    @Test func inlineEffectsKeepTheirOrder() {
        var machine = WristAppMachine(rowsVisible: 3)
        _ = machine.transition(.wristLowered(at: at(10)))
        let effects = machine.transition(.wristRaised(at: at(200), next: NextPick.onRow(0)))
        #expect(effects.first == .returnedToClock(at: at(130)))
        #expect(effects.second == .nextItem(.clockFace, at: at(200)))
    }

    /// A driver reads a transition's effects as two fields: the first effect first, the second
    /// only when there are two, whichever argument was missing.
    @Test func inlineEffectsAreReadAsTwoFields() {
        let a = WristAppEffect.returnedToClock(at: at(1))
        let b = WristAppEffect.nextItem(.clockFace, at: at(2))
        let cases: [(WristAppEffects, WristAppEffect?, WristAppEffect?)] = [
            (WristAppEffects(), nil, nil), (WristAppEffects(a), a, nil), (WristAppEffects(nil, b), b, nil),
            (WristAppEffects(a, b), a, b),
        ]
        for (effects, first, second) in cases {
            #expect(effects.first == first)
            #expect(effects.second == second)
        }
    }
}
