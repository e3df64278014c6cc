import XCTest
@testable import StrataKit

/// The Visual Format Language, as the Auto Layout Guide's "Visual Format
/// Language" appendix describes it: standard spaces (8 between views, 20
/// to the superview's edge), explicit spaces, sizes with relations,
/// priorities, metrics and views named in predicates, and options.
final class VisualFormatTests: AutoLayoutTestCase {
    func testStandardSpacesAndEqualWidths() {
        let a = constrained(), b = constrained()
        let views = ["a": a, "b": b]
        NSLayoutConstraint.activate(
            NSLayoutConstraint.constraints(withVisualFormat: "H:|-[a]-[b(==a)]-|", options: [], metrics: nil, views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|-10-[a(50)]", options: [], metrics: nil, views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:[b(==a)]", options: [], metrics: nil, views: views)
                + NSLayoutConstraint.constraints(withVisualFormat: "V:|-10-[b]", options: [], metrics: nil, views: views))
        root.layoutIfNeeded()
        assertFrame(a, 20, 10, 176, 50)
        assertFrame(b, 204, 10, 176, 50)
        XCTAssertTrue(logged.isEmpty, logged.joined())
    }

    func testMetricsRelationsPrioritiesAndOptions() {
        let icon = Sized(30, 30), title = Sized(100, 20)
        root.addSubview(icon)
        root.addSubview(title)
        let constraints = NSLayoutConstraint.constraints(
            withVisualFormat: "H:|-margin-[icon(size)]-(>=gap,12@750)-[title(<=200)]", options: .alignAllCenterY,
            metrics: ["margin": 16, "size": 40.0, "gap": CGFloat(4)], views: ["icon": icon, "title": title])
        XCTAssertEqual(constraints.count, 6, "leading, width, two spacings, title's width, one alignment")
        NSLayoutConstraint.activate(constraints + [icon.topAnchor.constraint(equalTo: root.topAnchor, constant: 20)])
        root.layoutIfNeeded()
        assertFrame(icon, 16, 20, 40, 30)
        XCTAssertEqual(title.frame.minX, 68, "12 points after the icon (>= 4 required, 12 at 750)")
        XCTAssertEqual(title.frame.midY, icon.frame.midY, "alignAllCenterY")
        let spacing = constraints.first { $0.firstItem === title && $0.firstAttribute == .leading && $0.relation == .equal }
        XCTAssertEqual(spacing?.priority, UILayoutPriority(750))
    }

    /// Views flush against each other, and against the superview with `|[`.
    func testFlushConnections() {
        let a = constrained(), b = constrained()
        NSLayoutConstraint.activate(NSLayoutConstraint.constraints(withVisualFormat: "|[a(60)][b(40)]", options: [.alignAllTop],
                                                                   metrics: nil, views: ["a": a, "b": b]))
        NSLayoutConstraint.activate([a.topAnchor.constraint(equalTo: root.topAnchor), a.heightAnchor.constraint(equalToConstant: 5),
                                     b.heightAnchor.constraint(equalToConstant: 5)])
        root.layoutIfNeeded()
        assertFrame(a, 0, 0, 60, 5)
        assertFrame(b, 60, 0, 40, 5)
    }
}
