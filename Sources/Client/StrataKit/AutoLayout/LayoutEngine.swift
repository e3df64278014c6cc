import Foundation
import StrataConstraintSolver

/// The app's Auto Layout engine: one solver for every view hierarchy (their
/// systems share no variables, and the solver touches only the rows a
/// change reaches). Changes are queued and applied in one sync before
/// layout, as UIKit's update-constraints pass precedes its layout pass:
/// the autoresizing and intrinsic-size constraints a view generates are
/// made then, from its state at that moment.
final class LayoutEngine {
    static let shared = LayoutEngine()

    let solver = Solver()
    private var queuedConstraints: [NSLayoutConstraint] = []
    private var dirtyItems: [LayoutItem] = []
    private var viewsNeedingConstraintUpdate: [UIView] = []
    /// Views whose frames the engine sets.
    private var constrainedViews: [ObjectIdentifier: LayoutItem] = [:]
    /// The items of the variables in the solver, to find what moved.
    private var itemsByVariable: [ObjectIdentifier: LayoutItem] = [:]
    private var solutionChanged = false
    private var isSyncing = false
    /// Broken constraints given another try in this sync (once each).
    private var retriedThisSync: Set<ObjectIdentifier> = []

    /// Where conflicts and misuse are reported (standard error; tests listen).
    static var log: (String) -> Void = { message in
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    static func report(_ message: String) { log(message) }

    var hasPendingChanges: Bool {
        !queuedConstraints.isEmpty || !dirtyItems.isEmpty || !viewsNeedingConstraintUpdate.isEmpty
    }

    // MARK: Changes, queued

    func constraintDidChange(_ constraint: NSLayoutConstraint, rebuild: Bool = false) {
        guard constraint.isActive || constraint.solverConstraint != nil else { return }
        if rebuild { constraint.needsRebuild = true }
        enqueue(constraint)
    }

    func enqueue(_ constraint: NSLayoutConstraint) {
        if !constraint.isQueued {
            constraint.isQueued = true
            queuedConstraints.append(constraint)
        }
        CATransaction.requestUpdate()
    }

    func markDirty(_ item: LayoutItem) {
        guard !item.isDirty else { return }
        item.isDirty = true
        dirtyItems.append(item)
        CATransaction.requestUpdate()
    }

    func setNeedsUpdateConstraints(_ view: UIView) {
        guard !view.needsUpdateConstraintsFlag else { return }
        view.needsUpdateConstraintsFlag = true
        viewsNeedingConstraintUpdate.append(view)
        CATransaction.requestUpdate()
    }

    func retain(_ item: LayoutItem) {
        item.users += 1
        guard item.users == 1 else { return }
        markDirty(item)
        for variable in item.variables { itemsByVariable[ObjectIdentifier(variable)] = item }
    }

    func release(_ item: LayoutItem) {
        item.users -= 1
        guard item.users == 0 else { return }
        markDirty(item)
        for variable in item.variables { itemsByVariable[ObjectIdentifier(variable)] = nil }
    }

    // MARK: Before layout

    /// The update-constraints pass, then the sync; views whose frames the
    /// solution moved have their superviews laid out again.
    func prepareForLayout() {
        guard needsLayoutPass else { return }
        updateConstraintsPass()
        sync()
        guard solutionChanged else { return }
        solutionChanged = false
        // Only the views whose variables the solver touched can have moved.
        let candidates = solver.takeChangedVariables().map { changed in
            changed.compactMap { itemsByVariable[ObjectIdentifier($0)] }
        } ?? Array(constrainedViews.values)
        for item in candidates {
            // A guide that moved lays out its owner (a scroll view's content size).
            if let guide = item.guide {
                guide.owningView?.setNeedsLayout()
                continue
            }
            guard item.isConstrainedView, let view = item.view else { continue }
            if view.frame(forAlignmentRect: view.pixelAligned(item.solvedFrame(solver))) != view.untransformedFrame {
                view.superview?.setNeedsLayout()
            }
        }
    }

    /// `updateConstraints()` of every view that asked, deepest first (UIKit
    /// updates constraints from the leaves up, the reverse of layout).
    func updateConstraintsPass(under root: UIView? = nil) {
        for _ in 0..<8 where !viewsNeedingConstraintUpdate.isEmpty {
            var waiting = viewsNeedingConstraintUpdate
            viewsNeedingConstraintUpdate = []
            if let root {
                let (inside, outside) = waiting.reduce(into: ([UIView](), [UIView]())) {
                    if $1.isDescendant(of: root) { $0.0.append($1) } else { $0.1.append($1) }
                }
                waiting = inside
                viewsNeedingConstraintUpdate = outside
                guard !waiting.isEmpty else { return }
            }
            let deepestFirst = waiting.map { ($0, $0.depth) }.sorted { $0.1 > $1.1 }.map(\.0)
            for view in deepestFirst where view.needsUpdateConstraintsFlag {
                view.needsUpdateConstraintsFlag = false
                // A controller's view is updated through the controller.
                if let controller = view.viewController { controller.updateViewConstraints() } else { view.updateConstraints() }
            }
        }
    }

    /// Brings the solver up to date with the queued constraints and the
    /// items whose generated constraints are stale.
    func sync() {
        // A sync reached from inside one (an intrinsicContentSize that asks
        // for a fitting size) is done by the one under way.
        guard !isSyncing else { return }
        isSyncing = true
        defer { isSyncing = false }
        retriedThisSync = []
        while !queuedConstraints.isEmpty || !dirtyItems.isEmpty {
            let batch = queuedConstraints
            queuedConstraints = []
            for constraint in batch { constraint.isQueued = false }
            // Removals first, so an edit that swaps constraints never conflicts with itself.
            for constraint in batch where constraint.solverConstraint != nil && (!constraint.isActive || constraint.needsRebuild) {
                removeFromSolver(constraint)
            }
            var additions: [NSLayoutConstraint] = []
            var constantChanges: [NSLayoutConstraint] = []
            for constraint in batch where constraint.isActive {
                constraint.needsRebuild = false
                if constraint.solverConstraint != nil {
                    constantChanges.append(constraint)
                } else if let (solverConstraint, items) = LayoutExpressions.solverConstraint(for: constraint) {
                    constraint.solverConstraint = solverConstraint
                    constraint.solverItems = items
                    for item in items {
                        retain(item)
                        item.readers.insert(constraint)
                    }
                    additions.append(constraint)
                } else {
                    LayoutEngine.report("The view hierarchy is not prepared for the constraint: \(constraint)\n\tIts items are not the holding view or views under it, or a guide has no owning view; it is ignored.")
                }
            }
            // What items generate goes in before what the app asked for,
            // so a conflict breaks the app's constraint, as UIKit reports it.
            regenerateDirtyItems()
            for constraint in constantChanges {
                guard let solverConstraint = constraint.solverConstraint else { continue }
                changeConstant(of: constraint, solverConstraint)
            }
            for constraint in additions { add(constraint) }
            solutionChanged = true
        }
    }

    /// Whether layout must run again for the engine: changes are waiting,
    /// or the solution moved views whose superviews are not yet told.
    var needsLayoutPass: Bool { hasPendingChanges || solutionChanged }

    /// A view or guide that goes: the constraints it held and those that
    /// read it leave the engine, and so do the ones it generated.
    func forget(_ item: LayoutItem?, heldConstraints: [NSLayoutConstraint]) {
        // (The holder is going: its weak references already read nil.)
        for constraint in heldConstraints where !constraint.heldItems.isEmpty {
            constraint.detach()
            enqueue(constraint)
        }
        guard let item else { return }
        for constraint in item.constraints {
            constraint.installedOn?.removeConstraint(constraint)
        }
        markDirty(item)
    }

    private func regenerateDirtyItems() {
        while let item = dirtyItems.popLast() {
            item.isDirty = false
            let (made, container) = item.participates && item.object != nil ? item.makeGeneratedConstraints() : ([], nil)
            if !updateInPlace(item.generated, to: made) {
                for constraint in item.generated { try? solver.remove(constraint) }
                item.generated = []
                for constraint in made {
                    do {
                        try solver.add(constraint)
                        item.generated.append(constraint)
                    } catch {
                        LayoutEngine.report("Unable to satisfy a constraint \(item.object.map(NSLayoutConstraint.describe) ?? "an item") generates for itself (\(constraint)); it is left out.")
                    }
                }
            }
            if container !== item.generatedContainer {
                if let container { retain(container) }
                if let old = item.generatedContainer { release(old) }
                item.generatedContainer = container
            }
            constrainedViews[ObjectIdentifier(item)] = item.isConstrainedView ? item : nil
            // Constraints broken against what the item said before may hold now.
            for constraint in item.constraints where constraint.isBroken && constraint.isActive
                && retriedThisSync.insert(ObjectIdentifier(constraint)).inserted
            {
                constraint.isBroken = false
                constraintDidChange(constraint, rebuild: true)
            }
            solutionChanged = true
        }
    }

    /// Generated constraints of the same form as before (a frame set anew,
    /// a new intrinsic size) change their constants in place: no pivots
    /// beyond what the change reaches, no new symbols.
    private func updateInPlace(_ old: [StrataConstraintSolver.Constraint], to new: [StrataConstraintSolver.Constraint]) -> Bool {
        guard !old.isEmpty, old.count == new.count,
              zip(old, new).allSatisfy({ $0.0.hasSameForm(as: $0.1) }) else { return false }
        for (existing, replacement) in zip(old, new) {
            do {
                try solver.setConstant(replacement.expression.constant, of: existing)
            } catch {
                return false
            }
        }
        return true
    }

    private func add(_ constraint: NSLayoutConstraint) {
        guard let solverConstraint = constraint.solverConstraint else { return }
        do {
            try solver.add(solverConstraint)
            constraint.isBroken = false
        } catch {
            reportUnsatisfiable(constraint)
            removeFromSolver(constraint)
            constraint.isBroken = true
        }
    }

    private func changeConstant(of constraint: NSLayoutConstraint, _ solverConstraint: StrataConstraintSolver.Constraint) {
        do {
            try solver.setConstant(Double(constraint.solverConstantBase - constraint.constant), of: solverConstraint)
        } catch {
            reportUnsatisfiable(constraint)
            removeFromSolver(constraint)
            constraint.isBroken = true
        }
    }

    private func removeFromSolver(_ constraint: NSLayoutConstraint) {
        if let solverConstraint = constraint.solverConstraint, solver.contains(solverConstraint) {
            try? solver.remove(solverConstraint)
        }
        constraint.solverConstraint = nil
        for item in constraint.solverItems {
            item.readers.remove(constraint)
            release(item)
        }
        constraint.solverItems = []
    }

    /// UIKit's message, naming the constraints around the broken one.
    private func reportUnsatisfiable(_ constraint: NSLayoutConstraint) {
        var involved: [String] = []
        var autoresizing = false
        for item in constraint.solverItems {
            for other in item.constraints where other !== constraint && other.isActive {
                let text = "\"\(other)\""
                if !involved.contains(text) { involved.append(text) }
            }
            if let view = item.view, view.translatesAutoresizingMaskIntoConstraints, !item.generated.isEmpty {
                autoresizing = true
                involved.append("\"<NSAutoresizingMaskLayoutConstraint:\(NSLayoutConstraint.address(item)) \(NSLayoutConstraint.describe(view)) \(view.autoresizingDescription)   (active)>\"")
            }
        }
        involved.append("\"\(constraint)\"")
        var message = """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want. 
            \tTry this: 
            \t\t(1) look at each constraint and try to figure out which you don't expect; 
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it. 

            """
        if autoresizing {
            message += "\t(Note: If you're seeing NSAutoresizingMaskLayoutConstraints that you don't understand, refer to the documentation for the UIView property translatesAutoresizingMaskIntoConstraints) \n"
        }
        message += "(\n    " + involved.joined(separator: ",\n    ") + "\n)\n\n"
        message += "Will attempt to recover by breaking constraint \n\(constraint)\n"
        LayoutEngine.report(message)
    }

    // MARK: Reading the solution

    /// The frame the engine gives an item, on whole pixels of its view.
    func frame(of item: LayoutItem) -> CGRect {
        let frame = item.solvedFrame(solver)
        return item.view?.pixelAligned(frame) ?? frame
    }

    /// Another frame the constraints allow for an ambiguous item: each
    /// ambiguous variable pulled a little way by a feather-weight
    /// constraint, which goes again once the frame is read.
    func alternativeFrame(of item: LayoutItem) -> CGRect {
        let nudges = [item.minX, item.minY, item.width, item.height].filter { solver.isAmbiguous($0) }.map {
            StrataConstraintSolver.Constraint($0, .equal, solver.value(of: $0) + 20, strength: Strength(weight: 1e-3))
        }
        for nudge in nudges { try? solver.add(nudge) }
        let frame = frame(of: item)
        for nudge in nudges { try? solver.remove(nudge) }
        return frame
    }

    func isAmbiguous(_ item: LayoutItem) -> Bool {
        [item.minX, item.minY, item.width, item.height].contains { solver.isAmbiguous($0) }
    }
}

extension UIView {
    var depth: Int {
        var count = 0
        var view = superview
        while let current = view {
            count += 1
            view = current.superview
        }
        return count
    }

    /// The frame without the transform (Auto Layout works on the untransformed
    /// rect: center and bounds size).
    var untransformedFrame: CGRect {
        let size = bounds.size
        let anchor = layer.anchorPoint
        return CGRect(x: center.x - size.width * anchor.x, y: center.y - size.height * anchor.y,
                      width: size.width, height: size.height)
    }

    /// What Auto Layout places: the untransformed frame's alignment rect.
    var alignmentFrame: CGRect { alignmentRect(forFrame: untransformedFrame) }

    /// A rect with its edges on whole pixels of the view's scale, as UIKit
    /// rounds what its engine computes.
    func pixelAligned(_ rect: CGRect) -> CGRect {
        let scale = contentScaleFactor > 0 ? contentScaleFactor : 1
        func round(_ value: CGFloat) -> CGFloat { (value * scale).rounded() / scale }
        let minX = round(rect.minX), minY = round(rect.minY)
        return CGRect(x: minX, y: minY, width: max(0, round(rect.maxX) - minX), height: max(0, round(rect.maxY) - minY))
    }

    /// UIKit's `h=-&- v=--&` notation: margin, size, margin; `&` flexible.
    var autoresizingDescription: String {
        let mask = autoresizingMask
        func axis(_ before: AutoresizingMask, _ size: AutoresizingMask, _ after: AutoresizingMask) -> String {
            // An axis with nothing flexible keeps its far margin loose, as UIKit prints it.
            guard mask.contains(before) || mask.contains(size) || mask.contains(after) else { return "--&" }
            return [before, size, after].map { mask.contains($0) ? "&" : "-" }.joined()
        }
        return "h=\(axis(.flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)) v=\(axis(.flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin))"
    }
}

extension StrataConstraintSolver.Constraint {
    /// Same variables, coefficients, relation and strength: only the constant may differ.
    func hasSameForm(as other: StrataConstraintSolver.Constraint) -> Bool {
        relation == other.relation && strength == other.strength && expression.terms.count == other.expression.terms.count
            && zip(expression.terms, other.expression.terms).allSatisfy { $0.0.variable === $0.1.variable && $0.0.coefficient == $0.1.coefficient }
    }
}
