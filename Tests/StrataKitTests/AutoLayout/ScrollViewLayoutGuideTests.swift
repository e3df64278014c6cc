import XCTest
@testable import StrataKit

/// UIScrollView's contentLayoutGuide and frameLayoutGuide ("Working with
/// Scroll Views", Auto Layout Guide; UIScrollView reference): constraints
/// to the content guide set the content size, constraints to the frame
/// guide do not scroll.
final class ScrollViewLayoutGuideTests: AutoLayoutTestCase {
    func testContentGuideSetsTheContentSizeAndTheFrameGuideStays() {
        let scrollView = UIScrollView()
        scrollView.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(scrollView)
        let content = UIStackView(arrangedSubviews: (0..<10).map { _ in Sized(50, 60) })
        content.axis = .vertical
        content.spacing = 10
        content.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(content)
        let badge = constrained(scrollView)
        NSLayoutConstraint.activate([
            scrollView.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            scrollView.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            scrollView.topAnchor.constraint(equalTo: root.topAnchor),
            scrollView.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            content.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 20),
            content.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
            content.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
            content.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -20),
            content.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
            badge.topAnchor.constraint(equalTo: scrollView.frameLayoutGuide.topAnchor, constant: 8),
            badge.trailingAnchor.constraint(equalTo: scrollView.frameLayoutGuide.trailingAnchor, constant: -8),
            badge.widthAnchor.constraint(equalToConstant: 30), badge.heightAnchor.constraint(equalToConstant: 30),
        ])
        root.layoutIfNeeded()
        XCTAssertEqual(scrollView.frame, root.bounds)
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 400, height: 10 * 60 + 9 * 10 + 40))
        XCTAssertEqual(content.frame, CGRect(x: 0, y: 20, width: 400, height: 690))
        assertFrame(badge, 362, 8, 30, 30)

        scrollView.contentOffset = CGPoint(x: 0, y: 150)
        root.layoutIfNeeded()
        assertFrame(badge, 362, 158, 30, 30)
        XCTAssertEqual(content.frame.minY, 20, "the content scrolls; its frame in content coordinates stays")
        XCTAssertTrue(logged.isEmpty, logged.joined())
    }

    /// A constant that moves only the content guide still reaches contentSize.
    func testAConstantOnTheContentGuideAloneUpdatesTheContentSize() {
        let scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        root.addSubview(scrollView)
        let height = scrollView.contentLayoutGuide.heightAnchor.constraint(equalToConstant: 500)
        NSLayoutConstraint.activate([height, scrollView.contentLayoutGuide.widthAnchor.constraint(equalToConstant: 200)])
        root.layoutIfNeeded()
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 200, height: 500))
        height.constant = 800
        root.layoutIfNeeded()
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 200, height: 800))
    }

    /// An image view's intrinsic size is its image's.
    func testImageViewIntrinsicSize() {
        let image = UIGraphicsImageRenderer(size: CGSize(width: 24, height: 16)).image { _ in }
        let imageView = UIImageView(image: image)
        XCTAssertEqual(imageView.intrinsicContentSize, CGSize(width: 24, height: 16))
        XCTAssertEqual(UIImageView().intrinsicContentSize, CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric))
    }
}
