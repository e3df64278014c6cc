import Foundation

/// UIKit's spinning-wheel picker: one wheel (`PickerWheel`) per component,
/// side by side over a rounded selection band across the middle. The
/// data source says how many components and rows there are, the delegate
/// what each row shows, how wide and tall they are, and hears when the
/// user brought a row to rest in the band (`didSelectRow`). A drag, the
/// wheel or touchpad, or a tap on a row spins a wheel.
///
/// The data is read when first needed (at layout or when asked) and again
/// on `reloadAllComponents()` / `reloadComponent(_:)`.
open class UIPickerView: UIView {
    /// UIKit's row height (iOS 14 and later).
    static let defaultRowHeight: CGFloat = 32
    /// What the default `widthForComponent` answers: share the width.
    static let automaticComponentWidth: CGFloat = -1
    /// UIKit's picker is 216 points high; 320 wide when made without a size.
    static let defaultSize = CGSize(width: 320, height: 216)
    /// Room at the sides and between components.
    static let sideMargin: CGFloat = 8
    static let componentSpacing: CGFloat = 5

    open weak var dataSource: UIPickerViewDataSource? {
        didSet { setNeedsReload() }
    }

    open weak var delegate: UIPickerViewDelegate? {
        didSet { setNeedsReload() }
    }

    /// Deprecated in UIKit, and without effect since iOS 7: the band always shows.
    open var showsSelectionIndicator = true

    /// The wheels, by component.
    var wheels: [PickerWheel] = []
    /// Whether the data must be read again before it is next used.
    private var needsReload = true
    /// The rounded band behind the middle row.
    let selectionBand = UIView()

    public override init(frame: CGRect) {
        super.init(frame: frame.size == .zero ? CGRect(origin: frame.origin, size: Self.defaultSize) : frame)
        clipsToBounds = true
        selectionBand.backgroundColor = .secondarySystemFill
        selectionBand.layer.cornerRadius = 8
        selectionBand.isUserInteractionEnabled = false
        addSubview(selectionBand)
    }

    public required init?(coder: NSCoder) { nil }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: UIView.noIntrinsicMetric, height: Self.defaultSize.height)
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width > 0 ? size.width : Self.defaultSize.width, height: Self.defaultSize.height)
    }

    // MARK: Data

    open var numberOfComponents: Int {
        loadIfNeeded()
        return wheels.count
    }

    open func numberOfRows(inComponent component: Int) -> Int {
        wheel(component)?.rowCount ?? 0
    }

    /// The size of a row of `component`: the component's width and row height.
    open func rowSize(forComponent component: Int) -> CGSize {
        guard let wheel = wheel(component) else { return .zero }
        layoutIfNeeded()
        return CGSize(width: wheel.bounds.width, height: wheel.rowHeight)
    }

    /// The view showing `row`, if it is on screen (nil when scrolled out of sight).
    open func view(forRow row: Int, forComponent component: Int) -> UIView? {
        guard let wheel = wheel(component) else { return nil }
        layoutIfNeeded()
        return wheel.view(forRow: row)
    }

    /// Asks the data source and delegate for everything again; selections
    /// stay where the new row counts allow.
    open func reloadAllComponents() {
        needsReload = true
        loadIfNeeded()
    }

    /// Asks again for one component's rows, width and height.
    open func reloadComponent(_ component: Int) {
        loadIfNeeded()
        guard let wheel = wheel(component) else { return }
        wheel.reload(rowCount: rowCount(of: component), rowHeight: rowHeight(of: component))
        setNeedsLayout()
    }

    // MARK: Selection

    /// Brings `row` into the band, spinning there when animated. The
    /// delegate is not told (UIKit sends didSelectRow for the user's choices only).
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        guard let wheel = wheel(component), wheel.rowCount > 0 else { return }
        let row = min(max(row, 0), wheel.rowCount - 1)
        wheel.selectedRow = row
        wheel.move(toRow: row, animated: animated && window != nil, byUser: false)
    }

    /// The selected row, or -1 when the component has no rows.
    open func selectedRow(inComponent component: Int) -> Int {
        guard let wheel = wheel(component), wheel.rowCount > 0 else { return -1 }
        return wheel.selectedRow
    }

    // MARK: Layout

    /// The components side by side, centered, each as wide as the delegate
    /// says or an equal share of the width; the band across them all.
    open override func layoutSubviews() {
        super.layoutSubviews()
        loadIfNeeded()
        let widths = componentWidths()
        let total = widths.reduce(0, +) + Self.componentSpacing * CGFloat(max(0, widths.count - 1))
        var x = (bounds.width - total) / 2
        for (wheel, width) in zip(wheels, widths) {
            let frame = CGRect(x: x, y: 0, width: width, height: bounds.height)
            if wheel.frame != frame {
                wheel.frame = frame
                wheel.updateGeometry()
            }
            x += width + Self.componentSpacing
        }
        let bandHeight = wheels.map(\.rowHeight).max() ?? Self.defaultRowHeight
        selectionBand.isHidden = wheels.isEmpty
        selectionBand.frame = CGRect(x: Self.sideMargin, y: (bounds.height - bandHeight) / 2,
                                     width: max(0, bounds.width - 2 * Self.sideMargin), height: bandHeight)
    }

    private func componentWidths() -> [CGFloat] {
        let asked = wheels.indices.map { delegate?.pickerView(self, widthForComponent: $0) ?? Self.automaticComponentWidth }
        let automatic = asked.filter { $0 < 0 }.count
        guard automatic > 0 else { return asked }
        let fixed = asked.filter { $0 >= 0 }.reduce(0, +)
        let available = bounds.width - 2 * Self.sideMargin - Self.componentSpacing * CGFloat(max(0, asked.count - 1)) - fixed
        let share = max(0, available / CGFloat(automatic))
        return asked.map { $0 < 0 ? share : $0 }
    }

    // MARK: Loading

    private func setNeedsReload() {
        needsReload = true
        setNeedsLayout()
    }

    private func wheel(_ component: Int) -> PickerWheel? {
        loadIfNeeded()
        return wheels.indices.contains(component) ? wheels[component] : nil
    }

    /// Reads the component count and every component's rows, adding or
    /// removing wheels to match.
    private func loadIfNeeded() {
        guard needsReload else { return }
        needsReload = false
        let count = max(0, dataSource?.numberOfComponents(in: self) ?? 0)
        while wheels.count > count { wheels.removeLast().removeFromSuperview() }
        while wheels.count < count {
            let wheel = PickerWheel(picker: self, component: wheels.count)
            wheels.append(wheel)
            addSubview(wheel)
        }
        for (component, wheel) in wheels.enumerated() {
            wheel.reload(rowCount: rowCount(of: component), rowHeight: rowHeight(of: component))
        }
        setNeedsLayout()
    }

    private func rowCount(of component: Int) -> Int {
        dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0
    }

    private func rowHeight(of component: Int) -> CGFloat {
        delegate?.pickerView(self, rowHeightForComponent: component) ?? Self.defaultRowHeight
    }

    /// A row's view from the delegate (an empty view without one).
    func contentView(forRow row: Int, component: Int, reusing view: UIView?) -> UIView {
        delegate?.pickerView(self, viewForRow: row, forComponent: component, reusing: view) ?? (view ?? UIView())
    }
}
