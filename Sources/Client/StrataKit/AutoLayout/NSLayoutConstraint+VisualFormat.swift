import Foundation

/// The Visual Format Language of Auto Layout Guide's "Visual Format
/// Language": `H:|-[name(>=50@750)]-8-[other(==name)]-|`.
extension NSLayoutConstraint {
    public struct FormatOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        public static let alignAllLeft = FormatOptions(rawValue: 1 << 1)
        public static let alignAllRight = FormatOptions(rawValue: 1 << 2)
        public static let alignAllTop = FormatOptions(rawValue: 1 << 3)
        public static let alignAllBottom = FormatOptions(rawValue: 1 << 4)
        public static let alignAllLeading = FormatOptions(rawValue: 1 << 5)
        public static let alignAllTrailing = FormatOptions(rawValue: 1 << 6)
        public static let alignAllCenterX = FormatOptions(rawValue: 1 << 9)
        public static let alignAllCenterY = FormatOptions(rawValue: 1 << 10)
        public static let alignAllLastBaseline = FormatOptions(rawValue: 1 << 11)
        public static let alignAllFirstBaseline = FormatOptions(rawValue: 1 << 12)
        public static let directionLeadingToTrailing = FormatOptions([])
        public static let directionLeftToRight = FormatOptions(rawValue: 1 << 16)
        public static let directionRightToLeft = FormatOptions(rawValue: 2 << 16)
        public static let spacingEdgeToEdge = FormatOptions([])
        public static let spacingBaselineToBaseline = FormatOptions(rawValue: 1 << 19)
    }

    /// The constraints a visual format string describes (not activated, as
    /// in UIKit). A string that does not parse, or names a view or metric
    /// not given, is a programming error, reported with the format and
    /// where it went wrong, as UIKit raises.
    public class func constraints(withVisualFormat format: String, options opts: FormatOptions = [],
                                metrics: [String: Any]?, views: [String: Any]) -> [NSLayoutConstraint]
    {
        var parser = VisualFormatParser(format: format, metrics: metrics ?? [:], views: views)
        do {
            return try parser.parse(options: opts)
        } catch let error as VisualFormatParser.Failure {
            preconditionFailure("Unable to parse constraint format: \n\(error.reason) \n\(format) \n\(String(repeating: " ", count: error.position))^")
        } catch {
            preconditionFailure("Unable to parse constraint format: \(format)")
        }
    }
}

/// Reads a visual format string into constraints.
struct VisualFormatParser {
    struct Failure: Error {
        let reason: String
        let position: Int
    }

    /// One predicate: relation, a constant or a view, a priority.
    private struct Predicate {
        var relation: NSLayoutConstraint.Relation = .equal
        var constant: CGFloat = 0
        var view: UIView?
        var priority: UILayoutPriority = .required
    }

    /// The standard spaces: between siblings, and to the superview's edge.
    static let siblingSpacing: CGFloat = 8
    static let edgeSpacing: CGFloat = 20

    private let characters: [Character]
    private var position = 0
    private let metrics: [String: Any]
    private let views: [String: Any]

    init(format: String, metrics: [String: Any], views: [String: Any]) {
        characters = Array(format.filter { !$0.isWhitespace })
        self.metrics = metrics
        self.views = views
    }

    mutating func parse(options: NSLayoutConstraint.FormatOptions) throws -> [NSLayoutConstraint] {
        var vertical = false
        if peek("H:") { position += 2 } else if peek("V:") { position += 2; vertical = true }
        let leading: NSLayoutConstraint.Attribute = vertical ? .top : (options.contains(.directionLeftToRight) ? .left : .leading)
        let trailing: NSLayoutConstraint.Attribute = vertical ? .bottom : (options.contains(.directionLeftToRight) ? .right : .trailing)
        let length: NSLayoutConstraint.Attribute = vertical ? .height : .width

        var constraints: [NSLayoutConstraint] = []
        var placed: [UIView] = []
        // The connection from the previous element: the superview's edge
        // (nil view) or a view.
        var before: (view: UIView?, spacing: [Predicate])?
        if peek("|") {
            position += 1
            before = (nil, try connection(edge: true))
        }
        while true {
            let view = try viewElement(length: length, into: &constraints)
            if let (previous, spacing) = before {
                let anchor: UIView
                if let previous { anchor = previous } else {
                    guard let superview = view.superview else {
                        throw Failure(reason: "A | names the superview, and the view after it has none", position: position)
                    }
                    anchor = superview
                }
                for predicate in spacing {
                    constraints.append(make(view, leading, predicate.relation, anchor, previous == nil ? leading : trailing, predicate))
                }
            }
            placed.append(view)
            guard position < characters.count else { break }
            let spacing = try connection(edge: peekPastConnection("|"))
            if peek("|") {
                position += 1
                guard let superview = view.superview else {
                    throw Failure(reason: "A | names the superview, and the view before it has none", position: position - 1)
                }
                for predicate in spacing {
                    constraints.append(make(superview, trailing, predicate.relation, view, trailing, predicate))
                }
                guard position == characters.count else { throw Failure(reason: "Nothing may follow the closing |", position: position) }
                break
            }
            before = (view, spacing)
        }
        // Alignment options line up each view with the first, across the axis.
        let alignments: [(NSLayoutConstraint.FormatOptions, NSLayoutConstraint.Attribute)] = [
            (.alignAllLeft, .left), (.alignAllRight, .right), (.alignAllTop, .top), (.alignAllBottom, .bottom),
            (.alignAllLeading, .leading), (.alignAllTrailing, .trailing), (.alignAllCenterX, .centerX),
            (.alignAllCenterY, .centerY), (.alignAllLastBaseline, .lastBaseline), (.alignAllFirstBaseline, .firstBaseline),
        ]
        for (option, attribute) in alignments where options.contains(option) {
            for (first, second) in zip(placed, placed.dropFirst()) {
                constraints.append(NSLayoutConstraint(item: first, attribute: attribute, relatedBy: .equal, toItem: second,
                                                      attribute: attribute, multiplier: 1, constant: 0))
            }
        }
        return constraints
    }

    /// `[name]` or `[name(predicates)]`: the predicates constrain its length.
    private mutating func viewElement(length: NSLayoutConstraint.Attribute, into constraints: inout [NSLayoutConstraint]) throws -> UIView {
        try expect("[", "Expected a view, [name]")
        let name = identifier()
        guard !name.isEmpty else { throw Failure(reason: "Expected a view name", position: position) }
        guard let view = views[name] as? UIView else {
            throw Failure(reason: "\(name) is not a key in the views dictionary", position: position - name.count)
        }
        if peek("(") {
            for predicate in try predicateList() {
                if let other = predicate.view {
                    constraints.append(make(view, length, predicate.relation, other, length, Predicate(priority: predicate.priority)))
                } else {
                    let constraint = NSLayoutConstraint(item: view, attribute: length, relatedBy: predicate.relation, toItem: nil,
                                                        attribute: .notAnAttribute, multiplier: 1, constant: predicate.constant)
                    constraint.priority = predicate.priority
                    constraints.append(constraint)
                }
            }
        }
        try expect("]", "Expected ] after the view")
        return view
    }

    /// What stands between two elements: nothing (touching), `-` (the
    /// standard space, wider at the superview's edge), or `-predicates-`.
    private mutating func connection(edge: Bool) throws -> [Predicate] {
        guard peek("-") else { return [Predicate()] }
        position += 1
        if peek("[") || peek("|") {
            return [Predicate(constant: edge ? VisualFormatParser.edgeSpacing : VisualFormatParser.siblingSpacing)]
        }
        let predicates = peek("(") ? try predicateList() : [try simplePredicate()]
        try expect("-", "Expected - after the spacing")
        return predicates
    }

    private mutating func predicateList() throws -> [Predicate] {
        try expect("(", "Expected (")
        var predicates = [try predicate()]
        while peek(",") {
            position += 1
            predicates.append(try predicate())
        }
        try expect(")", "Expected ) after the predicates")
        return predicates
    }

    private mutating func simplePredicate() throws -> Predicate {
        Predicate(constant: try number())
    }

    private mutating func predicate() throws -> Predicate {
        var result = Predicate()
        if peek("==") { position += 2 } else if peek("<=") {
            position += 2
            result.relation = .lessThanOrEqual
        } else if peek(">=") {
            position += 2
            result.relation = .greaterThanOrEqual
        }
        if let first = current, first.isLetter || first == "_" {
            let name = identifier()
            if let view = views[name] as? UIView {
                result.view = view
            } else if let value = VisualFormatParser.value(of: metrics[name]) {
                result.constant = value
            } else {
                throw Failure(reason: "\(name) is not a key in the views or metrics dictionaries", position: position - name.count)
            }
        } else {
            result.constant = try number()
        }
        if peek("@") {
            position += 1
            result.priority = UILayoutPriority(Float(try number()))
        }
        return result
    }

    /// A number, or the name of a metric.
    private mutating func number() throws -> CGFloat {
        if let first = current, first.isLetter || first == "_" {
            let name = identifier()
            guard let value = VisualFormatParser.value(of: metrics[name]) else {
                throw Failure(reason: "\(name) is not a key in the metrics dictionary", position: position - name.count)
            }
            return value
        }
        let start = position
        if peek("-") || peek("+") { position += 1 }
        while let character = current, character.isNumber || character == "." { position += 1 }
        guard let value = Double(String(characters[start..<position])) else {
            throw Failure(reason: "Expected a number or a metric name", position: start)
        }
        return CGFloat(value)
    }

    private static func value(of metric: Any?) -> CGFloat? {
        switch metric {
        case let value as CGFloat: value
        case let value as Double: CGFloat(value)
        case let value as Float: CGFloat(value)
        case let value as Int: CGFloat(value)
        case let value as NSNumber: CGFloat(value.doubleValue)
        default: nil
        }
    }

    private mutating func identifier() -> String {
        let start = position
        while let character = current, character.isLetter || character.isNumber || character == "_" { position += 1 }
        return String(characters[start..<position])
    }

    /// Whether the element after the connection starting here is `text`.
    private func peekPastConnection(_ text: String) -> Bool {
        var index = position
        if index < characters.count, characters[index] == "-" {
            index += 1
            if index < characters.count, characters[index] != "[", characters[index] != "|" {
                while index < characters.count, characters[index] != "-" { index += 1 }
                index += 1
            }
        }
        return index < characters.count && String(characters[index]) == text
    }

    private var current: Character? { position < characters.count ? characters[position] : nil }

    private func peek(_ text: String) -> Bool {
        let expected = Array(text)
        guard position + expected.count <= characters.count else { return false }
        return Array(characters[position..<position + expected.count]) == expected
    }

    private mutating func expect(_ text: String, _ reason: String) throws {
        guard peek(text) else { throw Failure(reason: reason, position: position) }
        position += text.count
    }

    /// `first.firstAttribute relation second.secondAttribute + constant`.
    private func make(_ first: UIView, _ firstAttribute: NSLayoutConstraint.Attribute, _ relation: NSLayoutConstraint.Relation,
                      _ second: UIView, _ secondAttribute: NSLayoutConstraint.Attribute, _ predicate: Predicate) -> NSLayoutConstraint
    {
        let constraint = NSLayoutConstraint(item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
                                            attribute: secondAttribute, multiplier: 1, constant: predicate.constant)
        constraint.priority = predicate.priority
        return constraint
    }
}
