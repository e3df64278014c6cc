import XCTest
@testable import StrataKit

/// A root view of a known size with views made for constraints.
class AutoLayoutTestCase: XCTestCase {
    var root: UIView!
    var logged: [String] = []

    override func setUp() {
        root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        logged = []
        LayoutEngine.log = { [weak self] in self?.logged.append($0) }
    }

    override func tearDown() {
        root.subviews.forEach { $0.removeFromSuperview() }
        root.layoutIfNeeded()
        LayoutEngine.log = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
        root = nil
    }

    /// A view placed by constraints, added to `parent` (the root by default).
    func constrained(_ parent: UIView? = nil) -> UIView {
        let view = UIView()
        view.translatesAutoresizingMaskIntoConstraints = false
        (parent ?? root).addSubview(view)
        return view
    }

    /// A view with a fixed intrinsic size.
    final class Sized: UIView {
        var size: CGSize { didSet { invalidateIntrinsicContentSize() } }
        init(_ width: CGFloat, _ height: CGFloat) {
            size = CGSize(width: width, height: height)
            super.init(frame: .zero)
            translatesAutoresizingMaskIntoConstraints = false
        }
        required init?(coder: NSCoder) { nil }
        override var intrinsicContentSize: CGSize { size }
    }

    func assertFrame(_ view: UIView, _ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat,
                     file: StaticString = #filePath, line: UInt = #line)
    {
        XCTAssertEqual(view.frame, CGRect(x: x, y: y, width: width, height: height), file: file, line: line)
    }
}
