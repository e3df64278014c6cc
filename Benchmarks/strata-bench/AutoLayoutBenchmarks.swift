import Foundation
import StrataKit

/// Auto Layout: views of fixed intrinsic sizes in nested stack views (ten
/// to a stack, rows in columns in rows), solved and laid out from scratch
/// for 100, 1,000 and 10,000 views; then one constraint's constant changed
/// and laid out again, as a share of the full solve (the engine is
/// incremental, so it should be a few percent at most); then a window of
/// 300 constrained views resized.
func runAutoLayoutBenchmarks() {
    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    final class Leaf: UIView {
        let size: CGSize
        init(_ size: CGSize) {
            self.size = size
            super.init(frame: .zero)
        }
        required init?(coder: NSCoder) { nil }
        override var intrinsicContentSize: CGSize { size }
    }

    /// A root view holding `count` leaves in a tree of stack views, ten
    /// to a stack, rows inside columns inside rows (as screens nest); the
    /// first leaf's width is a constraint of its own, to change.
    func makeScene(_ count: Int) -> (root: UIView, width: NSLayoutConstraint) {
        var leaves: [UIView] = (0..<count).map { index -> UIView in
            let width = CGFloat(20 + (index * 7) % 30), height = CGFloat(12 + (index * 5) % 9)
            return Leaf(CGSize(width: width, height: height))
        }
        let firstLeaf = leaves[0]
        var axis = NSLayoutConstraint.Axis.horizontal
        while leaves.count > 1 {
            leaves = stride(from: 0, to: leaves.count, by: 10).map { start in
                let stack = UIStackView(arrangedSubviews: Array(leaves[start..<min(start + 10, leaves.count)]))
                stack.axis = axis
                stack.spacing = 4
                stack.alignment = axis == .horizontal ? .center : .leading
                return stack
            }
            axis = axis == .horizontal ? .vertical : .horizontal
        }
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 1200, height: 800))
        let top = leaves[0]
        top.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(top)
        let width = firstLeaf.widthAnchor.constraint(equalToConstant: 30)
        NSLayoutConstraint.activate([top.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8),
                                     top.topAnchor.constraint(equalTo: root.topAnchor, constant: 8), width])
        return (root, width)
    }

    print("")
    print("strata-bench: Auto Layout, views in nested stack views (best of 3 for the full solve, median of 21 edits)")
    var perView: [Int: Double] = [:]
    for count in [100, 1_000, 10_000] {
        var full = Double.infinity
        var scene: (root: UIView, width: NSLayoutConstraint)!
        for _ in 0..<3 {
            if let old = scene { old.root.subviews.forEach { $0.removeFromSuperview() }; old.root.layoutIfNeeded() }
            scene = makeScene(count)
            full = min(full, seconds { scene.root.layoutIfNeeded() })
        }
        var edits: [Double] = []
        for round in 0..<21 {
            scene.width.constant = 30 + CGFloat(round % 2) * 15
            edits.append(seconds { scene.root.layoutIfNeeded() })
        }
        let edit = edits.sorted()[10]
        perView[count] = full / Double(count)
        print(String(format: "  %6d views: full solve and layout %9.2f ms (%5.1f µs a view)   one constant changed %7.3f ms = %5.2f %% of full",
                     count, full * 1000, full / Double(count) * 1e6, edit * 1000, edit / full * 100))
        scene.root.subviews.forEach { $0.removeFromSuperview() }
        scene.root.layoutIfNeeded()
    }
    if let small = perView[1_000], let large = perView[10_000] {
        print(String(format: "  growth: time a view at 10,000 views ÷ at 1,000 = %.2f (1.00 is linear)", large / small))
    }

    // A window-sized view of 300 views pinned to its edges, resized.
    let window = UIView(frame: CGRect(x: 0, y: 0, width: 1000, height: 700))
    let grid = UIStackView(arrangedSubviews: (0..<20).map { _ in
        let row = UIStackView(arrangedSubviews: (0..<14).map { _ in Leaf(CGSize(width: 30, height: 14)) })
        row.distribution = .fillEqually
        row.spacing = 2
        return row
    })
    grid.axis = .vertical
    grid.distribution = .fillEqually
    grid.translatesAutoresizingMaskIntoConstraints = false
    window.addSubview(grid)
    NSLayoutConstraint.activate([grid.leadingAnchor.constraint(equalTo: window.layoutMarginsGuide.leadingAnchor),
                                 grid.trailingAnchor.constraint(equalTo: window.layoutMarginsGuide.trailingAnchor),
                                 grid.topAnchor.constraint(equalTo: window.safeAreaLayoutGuide.topAnchor),
                                 grid.bottomAnchor.constraint(equalTo: window.safeAreaLayoutGuide.bottomAnchor)])
    window.layoutIfNeeded()
    var resizes: [Double] = []
    for round in 0..<21 {
        window.frame.size = round % 2 == 0 ? CGSize(width: 700, height: 1000) : CGSize(width: 1000, height: 700)
        resizes.append(seconds { window.layoutIfNeeded() })
    }
    print(String(format: "  a window of 300 constrained views rotated (1000×700 ↔ 700×1000): new frames in %.2f ms (median of 21)",
                 resizes.sorted()[10] * 1000))
}
