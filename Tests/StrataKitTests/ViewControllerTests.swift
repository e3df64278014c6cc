import XCTest
@testable import StrataKit

/// UIViewController's reference: loadView, view, viewDidLoad, isViewLoaded.
final class ViewControllerTests: XCTestCase {
    final class Counting: UIViewController {
        var loads = 0
        var didLoads = 0
        var customView: UIView?
        override func loadView() {
            loads += 1
            if let customView { view = customView } else { super.loadView() }
        }
        override func viewDidLoad() {
            XCTAssertTrue(isViewLoaded, "viewDidLoad follows loading")
            didLoads += 1
        }
    }

    /// "The view controller loads the view lazily, when the view property is
    /// first accessed"; viewDidLoad is called once, after loadView.
    func testViewLoadsLazilyOnce() {
        let controller = Counting()
        XCTAssertFalse(controller.isViewLoaded)
        XCTAssertEqual(controller.loads, 0)
        let view = controller.view
        XCTAssertNotNil(view)
        XCTAssertTrue(controller.isViewLoaded)
        XCTAssertTrue(controller.view === view)
        XCTAssertEqual(controller.loads, 1)
        XCTAssertEqual(controller.didLoads, 1)
    }

    /// loadView's default creates a plain UIView; an override can supply its own.
    func testLoadView() {
        XCTAssertTrue(type(of: UIViewController().view!) == UIView.self)
        let controller = Counting()
        let custom = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        controller.customView = custom
        XCTAssertTrue(controller.view === custom)
    }

    func testTitle() {
        let controller = UIViewController()
        XCTAssertNil(controller.title)
        controller.title = "Photos"
        XCTAssertEqual(controller.title, "Photos")
        XCTAssertFalse(controller.isViewLoaded, "the title does not load the view")
    }
}
