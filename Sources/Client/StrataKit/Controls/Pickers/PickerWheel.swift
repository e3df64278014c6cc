import Foundation

/// One component of a UIPickerView: a vertical scroll view of rows that
/// always comes to rest with a row in the middle, the selection band.
///
/// Row r lies at content y = r × rowHeight, and the content inset above
/// and below is half the view less half a row, so offset r × rowHeight −
/// inset puts row r in the band. A drag or the wheel ends on the nearest
/// row (`scrollViewWillEndDragging` moves the target there); a tap on a
/// row glides it into the band. Either way the delegate hears
/// `didSelectRow` once the wheel rests, on the scroll view's own
/// deceleration (the event clock).
///
/// The rows are drawn as on a drum seen from the front: a row at distance
/// d from the middle sits at R sin(d/R) with R half the height, squashed
/// by cos(d/R) and fading with it, so rows shrink and dim toward the
/// edges. Only the rows on the front half of the drum exist; the others
/// are kept for reuse.
final class PickerWheel: UIScrollView, UIScrollViewDelegate {
    weak var picker: UIPickerView?
    var component: Int

    private(set) var rowCount = 0
    private(set) var rowHeight: CGFloat = UIPickerView.defaultRowHeight
    /// The row resting in the band, or that a programmatic selection is taking there.
    var selectedRow = 0
    /// The user moved the wheel since it last rested: resting then tells the delegate.
    private var isUserMotion = false
    /// The visible rows' cells, by row.
    private(set) var cells: [Int: PickerRowCell] = [:]
    /// Cells of rows that left the drum, their content views offered for reuse.
    private var spareCells: [PickerRowCell] = []

    init(picker: UIPickerView, component: Int) {
        self.picker = picker
        self.component = component
        super.init(frame: .zero)
        delegate = self
        showsVerticalScrollIndicator = false
        showsHorizontalScrollIndicator = false
        alwaysBounceVertical = true
        contentInsetAdjustmentBehavior = .never
        // A tap on a row must not wait: content touches are the wheel's own.
        delaysContentTouches = false
        let tap = UITapGestureRecognizer(target: self, action: PickerWheel.handleTap)
        addGestureRecognizer(tap)
    }

    required init?(coder: NSCoder) { nil }

    // MARK: Rows

    /// Takes a new row count and height; every row view is asked for again.
    func reload(rowCount: Int, rowHeight: CGFloat) {
        self.rowCount = max(0, rowCount)
        self.rowHeight = rowHeight > 0 ? rowHeight : UIPickerView.defaultRowHeight
        for (_, cell) in cells { retire(cell) }
        cells = [:]
        selectedRow = rowCount > 0 ? min(max(selectedRow, 0), rowCount - 1) : 0
        updateGeometry()
    }

    /// The band's inset and the content's size for the current height; the
    /// selected row is put in the band unless the wheel is moving.
    func updateGeometry() {
        let inset = max(0, (bounds.height - rowHeight) / 2)
        let insets = UIEdgeInsets(top: inset, left: 0, bottom: inset, right: 0)
        if contentInset != insets { contentInset = insets }
        let size = CGSize(width: bounds.width, height: CGFloat(rowCount) * rowHeight)
        if contentSize != size { contentSize = size }
        if !isTracking && !isDragging && !isDecelerating {
            contentOffset = offset(forRow: selectedRow)
        }
        setNeedsLayout()
    }

    func offset(forRow row: Int) -> CGPoint {
        CGPoint(x: 0, y: CGFloat(row) * rowHeight - contentInset.top)
    }

    /// The row whose middle is nearest the band's middle at `offset`.
    func row(at offset: CGFloat) -> Int {
        guard rowCount > 0 else { return 0 }
        let row = Int(((offset + contentInset.top) / rowHeight).rounded())
        return min(max(row, 0), rowCount - 1)
    }

    /// The content view of `row`, if it is on the drum.
    func view(forRow row: Int) -> UIView? { cells[row]?.content }

    // MARK: The drum

    private var radius: CGFloat { max(bounds.height / 2, rowHeight) }

    override func layoutSubviews() {
        super.layoutSubviews()
        guard let picker, rowCount > 0, bounds.height > 0 else { return }
        let middle = bounds.minY + bounds.height / 2
        let reach = radius * .pi / 2
        let first = max(0, Int(((middle - reach) / rowHeight).rounded(.down)))
        let last = min(rowCount - 1, Int(((middle + reach) / rowHeight).rounded(.up)))
        for (row, cell) in cells where !(first...max(first, last)).contains(row) {
            retire(cell)
            cells[row] = nil
        }
        guard first <= last else { return }
        for row in first...last {
            let angle = (CGFloat(row) * rowHeight + rowHeight / 2 - middle) / radius
            guard abs(angle) < .pi / 2 else {
                if let cell = cells.removeValue(forKey: row) { retire(cell) }
                continue
            }
            let cell = cells[row] ?? makeCell(for: row, picker: picker)
            let squash = cos(angle)
            cell.bounds = CGRect(x: 0, y: 0, width: bounds.width, height: rowHeight)
            cell.center = CGPoint(x: bounds.width / 2, y: middle + radius * sin(angle))
            cell.transform = CGAffineTransform(scaleX: 1, y: max(squash, 0.01))
            cell.alpha = max(0.05, squash * squash)
        }
    }

    private func makeCell(for row: Int, picker: UIPickerView) -> PickerRowCell {
        let cell = spareCells.popLast() ?? PickerRowCell()
        let content = picker.contentView(forRow: row, component: component, reusing: cell.content)
        cell.setContent(content)
        cell.isHidden = false
        if cell.superview !== self { addSubview(cell) }
        cells[row] = cell
        return cell
    }

    private func retire(_ cell: PickerRowCell) {
        cell.isHidden = true
        spareCells.append(cell)
    }

    /// The row drawn under `point` (in the wheel's coordinates, which are
    /// the content's): the drum's projection undone.
    func row(under point: CGPoint) -> Int? {
        guard rowCount > 0 else { return nil }
        let middle = bounds.minY + bounds.height / 2
        let sine = min(max((point.y - middle) / radius, -1), 1)
        let flat = middle + asin(sine) * radius
        let row = Int((flat / rowHeight).rounded(.down))
        return (0..<rowCount).contains(row) ? row : nil
    }

    // MARK: Motion

    /// Moves `row` into the band, gliding on the event clock when animated.
    func move(toRow row: Int, animated: Bool, byUser: Bool) {
        guard rowCount > 0 else { return }
        let target = offset(forRow: min(max(row, 0), rowCount - 1))
        if byUser { isUserMotion = true }
        guard animated, target != contentOffset, bounds.height > 0 else {
            stopDeceleration()
            contentOffset = target
            settle()
            return
        }
        let range = contentOffsetRange
        let rate = pagingRate(decelerationRate.perMillisecond)
        startDeceleration(
            x: ScrollAxisMotion(position: contentOffset.x, velocity: 0, rate: rate, range: range.x, bounces: false),
            y: ScrollAxisMotion(position: contentOffset.y, target: target.y, rate: rate, range: range.y))
    }

    private func handleTap(_ tap: UITapGestureRecognizer) {
        guard tap.state == .ended, let row = row(under: tap.location(in: self)) else { return }
        move(toRow: row, animated: true, byUser: true)
    }

    /// A finger that caught the wheel and lifted without dragging, held too
    /// long for a tap, leaves it where it caught it: the nearest row glides
    /// into the band. (A tap's touch is cancelled instead: the tap chose.)
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        super.touchesEnded(touches, with: event)
        guard !isDragging, !isDecelerating, rowCount > 0 else { return }
        let row = row(at: contentOffset.y)
        if contentOffset != offset(forRow: row) || isUserMotion { move(toRow: row, animated: true, byUser: true) }
    }

    /// The wheel rests: the row in the band is the selection, and if the
    /// user moved it the delegate hears which row it is.
    private func settle() {
        guard rowCount > 0 else { return }
        let row = row(at: contentOffset.y)
        let tellsDelegate = isUserMotion
        isUserMotion = false
        selectedRow = row
        if tellsDelegate, let picker { picker.delegate?.pickerView(picker, didSelectRow: row, inComponent: component) }
    }

    // MARK: UIScrollViewDelegate

    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {
        isUserMotion = true
    }

    /// The drag (or the wheel) ends on the row nearest where it would stop.
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        targetContentOffset.pointee = offset(forRow: row(at: targetContentOffset.pointee.y))
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        if !decelerate { settle() }
    }

    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        settle()
    }
}

/// A row on the drum: holds the delegate's view, which fills it, so the
/// drum's squash is the cell's transform and never the delegate's view's.
final class PickerRowCell: UIView {
    private(set) var content: UIView?

    func setContent(_ view: UIView) {
        if content !== view {
            content?.removeFromSuperview()
            content = view
            addSubview(view)
        }
        setNeedsLayout()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        content?.frame = bounds
    }
}
