import XCTest
@testable import StrataKit

/// CATransaction: every turn's implicit transaction, explicit ones nesting
/// inside it, flush committing at once.
final class TransactionTests: XCTestCase {
    var scheduled = 0
    var handled = 0
    /// The hooks the app installed, put back after each test so later
    /// tests (and the app's update cycle) keep working.
    private var savedHooks: (scheduler: (() -> Void)?, handler: (() -> Void)?)

    override func setUp() {
        savedHooks = (CATransaction.updateScheduler, CATransaction.updateHandler)
        scheduled = 0
        handled = 0
        CATransaction.changedLayers = []
        CATransaction.implicitTransactionPending = false
        CATransaction.updateScheduler = { [unowned self] in self.scheduled += 1 }
        CATransaction.updateHandler = { [unowned self] in self.handled += 1 }
    }

    override func tearDown() {
        (CATransaction.updateScheduler, CATransaction.updateHandler) = savedHooks
        CATransaction.implicitTransactionPending = false
        CATransaction.changedLayers = []
    }

    /// A change to a layer opens the turn's implicit transaction: the update is scheduled.
    func testChangeSchedulesTheUpdate() {
        CALayer().opacity = 0.5
        XCTAssertGreaterThan(scheduled, 0)
        XCTAssertEqual(handled, 0, "the update runs at the end of the turn, not now")
    }

    /// Changed layers are recorded in order, each once.
    func testChangedLayersAreOrderedWithoutDuplicates() {
        let a = CALayer(), b = CALayer()
        CATransaction.changedLayers = []
        a.opacity = 0.5
        b.opacity = 0.5
        a.isHidden = true
        XCTAssertEqual(CATransaction.changedLayers.map(ObjectIdentifier.init), [a, b].map(ObjectIdentifier.init))
        // The encoder empties the list; the next change records the layer again.
        CATransaction.changedLayers.removeAll()
        a.opacity = 1
        XCTAssertEqual(CATransaction.changedLayers.map(ObjectIdentifier.init), [ObjectIdentifier(a)])
    }

    /// Explicit transactions nest; only the outermost commit, with no
    /// implicit transaction pending, asks for the update.
    func testNestedExplicitTransactionsCommitAtTheOutermost() {
        CATransaction.begin()
        CATransaction.begin()
        CATransaction.commit()
        XCTAssertEqual(scheduled, 0)
        CATransaction.commit()
        XCTAssertEqual(scheduled, 1)
    }

    /// flush() runs the update at once.
    func testFlushRunsTheUpdateNow() {
        CALayer().opacity = 0.5
        CATransaction.flush()
        XCTAssertEqual(handled, 1)
        XCTAssertFalse(CATransaction.implicitTransactionPending)
    }

    /// Layout and display requests also need the update.
    func testLayoutAndDisplayRequestsScheduleTheUpdate() {
        let layer = CALayer()
        scheduled = 0
        layer.setNeedsLayout()
        XCTAssertEqual(scheduled, 1)
        layer.setNeedsDisplay()
        XCTAssertEqual(scheduled, 2)
    }

    /// setDisableActions and friends store their values.
    func testStoredSettings() {
        CATransaction.setDisableActions(true)
        XCTAssertTrue(CATransaction.disableActions())
        CATransaction.setDisableActions(false)
        CATransaction.setAnimationDuration(1.5)
        XCTAssertEqual(CATransaction.animationDuration(), 1.5)
        CATransaction.setAnimationDuration(0.25)
    }
}
