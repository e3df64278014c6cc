import Foundation
import StrataKit

/// 300 cities in a scroll view that keeps only the rows on screen: rows
/// scrolled out are taken off and reused for the rows scrolling in, so
/// scrolling moves the bounds and draws only rows that change text.
final class CitiesViewController: UIViewController {
    override func loadView() {
        view = TiledListView(items: City.all)
    }

    override func viewDidLoad() {
        title = "Cities"
        view.backgroundColor = .white
        toolbarItems = [.flexibleSpace(), UIBarButtonItem(title: "\(City.all.count) cities", style: .plain, target: nil, action: nil),
                        .flexibleSpace()]
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        print("cities shown")
        fflush(stdout)
    }
}

enum City {
    private static let names = ["Amsterdam", "القاهرة", "Berlin", "मुंबई", "北京", "Chicago", "Dublin", "Edinburgh",
                                "Florence", "Geneva", "Helsinki", "Istanbul", "Jakarta", "Kyoto", "Lisbon", "Madrid",
                                "Nairobi", "Oslo", "Paris", "Québec", "Reykjavík", "São Paulo", "Tokyo 東京", "दिल्ली",
                                "Vienna", "Warsaw", "Xi'an 西安", "Yokohama", "Zürich", "دبي"]
    /// "Name 7", for 300 rows.
    static let all: [String] = (0..<300).map { "\(names[$0 % names.count]) \($0 / names.count + 1)" }
}

/// A vertical list as a scroll view that tiles reusable row views.
final class TiledListView: UIScrollView {
    static let rowHeight: CGFloat = 44
    let items: [String]
    /// Rows on screen by item index; the rest wait in `reusable`.
    private var visible: [Int: ListRow] = [:]
    private var reusable: [ListRow] = []

    init(items: [String]) {
        self.items = items
        super.init(frame: .zero)
        alwaysBounceVertical = true
    }

    required init?(coder: NSCoder) { nil }

    override func layoutSubviews() {
        super.layoutSubviews()
        contentSize = CGSize(width: bounds.width, height: CGFloat(items.count) * Self.rowHeight)
        let first = max(0, Int((bounds.minY / Self.rowHeight).rounded(.down)))
        let last = min(items.count - 1, Int((bounds.maxY / Self.rowHeight).rounded(.down)))
        let wanted = first <= last ? Set(first...last) : []
        for (index, row) in visible where !wanted.contains(index) {
            row.removeFromSuperview()
            reusable.append(row)
            visible[index] = nil
        }
        for index in wanted.sorted() where visible[index] == nil {
            let row = reusable.popLast() ?? ListRow()
            row.text = items[index]
            row.frame = CGRect(x: 0, y: CGFloat(index) * Self.rowHeight, width: bounds.width, height: Self.rowHeight)
            addSubview(row)
            visible[index] = row
        }
    }
}

/// One row: its text, drawn once per text.
final class ListRow: UIView {
    var text = "" {
        didSet { if text != oldValue { setNeedsDisplay() } }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .white
    }

    required init?(coder: NSCoder) { nil }

    override func draw(_ rect: CGRect) {
        (text as NSString).draw(at: CGPoint(x: 16, y: 12), withAttributes: [.font: UIFont.systemFont(ofSize: 17),
                                                                              .foregroundColor: UIColor.label])
        UIColor.separator.setFill()
        UIRectFill(CGRect(x: 16, y: bounds.height - 0.5, width: bounds.width - 16, height: 0.5))
    }
}
