import Foundation

/// A shown menu: a rounded panel with a soft shadow. As a list (context
/// menus, button menus, submenus): the menu's title, then its sections
/// one under another, rows parted by hairlines and sections by a wider
/// grey band. As a bar (the edit menu): the rows side by side, parted by
/// hairlines.
final class MenuPanelView: UIView {
    static let cornerRadius: CGFloat = 13
    static let barCornerRadius: CGFloat = 8
    static let minimumWidth: CGFloat = 180
    static let maximumWidth: CGFloat = 320
    static let sectionGap: CGFloat = 8
    static let titleHeight: CGFloat = 32

    let menu: UIMenu
    let style: MenuRowView.Style
    /// The rows, top to bottom (left to right in a bar).
    private(set) var rows: [MenuRowView] = []
    /// Clips the rows to the rounded corners, while the panel casts the shadow.
    private let contentView = UIView()
    /// The row of the parent panel that opened this one, for a submenu.
    weak var parentRow: MenuRowView?

    var highlightedIndex: Int? {
        didSet {
            for (index, row) in rows.enumerated() { row.isHighlighted = index == highlightedIndex }
        }
    }

    init(menu: UIMenu, content: MenuContent, style: MenuRowView.Style) {
        self.menu = menu
        self.style = style
        super.init(frame: .zero)
        backgroundColor = nil
        isOpaque = false
        layer.shadowColor = UIColor.black.cgColor
        layer.shadowOpacity = 0.18
        layer.shadowRadius = 16
        layer.shadowOffset = CGSize(width: 0, height: 6)
        contentView.backgroundColor = Self.background
        contentView.layer.cornerRadius = style == .bar ? Self.barCornerRadius : Self.cornerRadius
        contentView.layer.cornerCurve = .continuous
        contentView.clipsToBounds = true
        addSubview(contentView)
        build(content)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    /// The panel's fill: a light grey that stands off white content.
    static var background: UIColor { .secondarySystemBackground }

    private func build(_ content: MenuContent) {
        let showsState = content.showsStateColumn
        style == .list ? buildList(content, showsState: showsState) : buildBar(content)
    }

    private func buildList(_ content: MenuContent, showsState: Bool) {
        var y: CGFloat = 0
        var pieces: [(view: UIView, y: CGFloat, height: CGFloat)] = []
        func header(_ text: String) {
            let label = UILabel()
            label.text = text
            label.font = .systemFont(ofSize: 13)
            label.textColor = .secondaryLabel
            label.sizeToFit()
            label.frame.origin = CGPoint(x: MenuRowView.inset, y: y + ((Self.titleHeight - label.bounds.height) / 2).rounded())
            contentView.addSubview(label)
            y += Self.titleHeight
        }
        if let title = content.title { header(title) }
        for (sectionIndex, section) in content.sections.enumerated() {
            if sectionIndex > 0 {
                let gap = UIView()
                gap.backgroundColor = .systemGray5
                pieces.append((gap, y, Self.sectionGap))
                y += Self.sectionGap
            } else if content.title != nil {
                let line = UIView()
                line.backgroundColor = .separator
                pieces.append((line, y, 0.5))
            }
            if let title = section.title { header(title) }
            for (index, row) in section.rows.enumerated() {
                if index > 0 {
                    let line = UIView()
                    line.backgroundColor = .separator
                    pieces.append((line, y, 0.5))
                }
                let view = MenuRowView(row: row, style: .list, showsStateColumn: showsState)
                pieces.append((view, y, view.rowHeight))
                rows.append(view)
                y += view.rowHeight
            }
        }
        let width = min(Self.maximumWidth, max(Self.minimumWidth, rows.map(\.fittingWidth).max() ?? 0))
        for piece in pieces {
            piece.view.frame = CGRect(x: 0, y: piece.y, width: width, height: piece.height)
            contentView.addSubview(piece.view)
        }
        // Hairlines go over the rows' highlight.
        for piece in pieces where !(piece.view is MenuRowView) { contentView.bringSubviewToFront(piece.view) }
        frame.size = CGSize(width: width, height: y)
        contentView.frame = bounds
    }

    private func buildBar(_ content: MenuContent) {
        var x: CGFloat = 0
        for (index, row) in content.rows.enumerated() {
            if index > 0 {
                let line = UIView(frame: CGRect(x: x, y: 0, width: 0.5, height: MenuRowView.barHeight))
                line.backgroundColor = .separator
                contentView.addSubview(line)
            }
            let view = MenuRowView(row: row, style: .bar, showsStateColumn: false)
            view.frame = CGRect(x: x, y: 0, width: view.fittingWidth, height: MenuRowView.barHeight)
            contentView.insertSubview(view, at: 0)
            rows.append(view)
            x += view.fittingWidth
        }
        frame.size = CGSize(width: x, height: MenuRowView.barHeight)
        contentView.frame = bounds
    }

    /// The index of the row under `point` (in the panel's coordinates).
    func rowIndex(at point: CGPoint) -> Int? {
        guard bounds.contains(point) else { return nil }
        return rows.firstIndex { $0.frame.contains(contentView.convert(point, from: self)) }
    }

    /// The next enabled row after (or before) `index`, wrapping around.
    func enabledRow(after index: Int?, forward: Bool) -> Int? {
        guard !rows.isEmpty else { return nil }
        let count = rows.count
        var candidate = index ?? (forward ? -1 : count)
        for _ in 0..<count {
            candidate = ((forward ? candidate + 1 : candidate - 1) % count + count) % count
            if rows[candidate].isEnabled { return candidate }
        }
        return nil
    }
}
