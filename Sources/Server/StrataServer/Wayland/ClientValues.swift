import CWaylandServer
import StrataRender

/// Arithmetic on values that come from clients.
///
/// A request may carry any Int32, UInt32 or wl_fixed_t, and Swift traps
/// (ending every client, not only the one at fault) on `Int32(_:)` of a
/// value out of range, `Int(_:)` or `UInt32(_:)` of a Double out of range,
/// and on a `+`, `-` or `*` that overflows. So a request handler converts
/// and computes with client values only through these helpers:
///
/// - clamping conversions: coordinates (positions, offsets, margins) to
///   ±`limit`, lengths (widths, heights, sizes, zones) to 0...`limit`, and
///   rectangles by their edges, so a rectangle's far edge never passes
///   `limit`. 2^29 points is far past any output (and any buffer), and the
///   sum or difference of two clamped values (an edge and a length, two
///   edges, a margin and a zone) still fits in Int32: pixman's box type,
///   and the wire's;
/// - clamping conversions back to the wire (`int32`, `uint32`) and from
///   computed Doubles (`int`, NaN is 0);
/// - saturating arithmetic (`sum`, `difference`, `product`, `span`), for
///   values where the nearest representable one is the right answer;
/// - checked arithmetic (`exactSum`, `checkedSum`) for values that must be
///   exact (a key code): overflow is nil, or a protocol error naming the
///   object and the request.
enum ClientValue {
    /// The largest magnitude a coordinate or length from a client keeps: 2^29.
    static let limit = 1 << 29

    // MARK: Clamping conversions from the wire

    /// A coordinate, offset or margin, clamped to ±`limit`.
    static func coordinate<T: BinaryInteger>(_ value: T) -> Int {
        min(max(Int(clamping: value), -limit), limit)
    }

    /// A length (a width, height, size or zone), clamped to 0...`limit`: a
    /// negative one is empty.
    static func length<T: BinaryInteger>(_ value: T) -> Int {
        min(max(Int(clamping: value), 0), limit)
    }

    /// A Double computed from client values, clamped to ±`limit`; NaN is 0.
    static func coordinate(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, -Double(limit)), Double(limit))
    }

    /// A wl_fixed_t (24.8 fixed point) as a Double: exact, and within ±2^23.
    static func double(fixed value: wl_fixed_t) -> Double { Double(value) / 256 }

    /// The rectangle `x`, `y`, `width`×`height` with its edges clamped to
    /// ±`limit` (a negative size is empty), so its width and height are at
    /// most 2 × `limit`.
    static func rect<T: BinaryInteger>(x: T, y: T, width: T, height: T) -> PixelRect {
        let x0 = coordinate(x), y0 = coordinate(y)
        // The far edges where the client put them, then clamped.
        let x1 = coordinate(sum(Int(clamping: x), max(Int(clamping: width), 0)))
        let y1 = coordinate(sum(Int(clamping: y), max(Int(clamping: height), 0)))
        return PixelRect(x: x0, y: y0, width: span(from: x0, to: x1), height: span(from: y0, to: y1))
    }

    // MARK: Clamping conversions to the wire and from Doubles

    /// An integer as Int32, saturating.
    static func int32<T: BinaryInteger>(_ value: T) -> Int32 { Int32(clamping: value) }

    /// An integer as UInt32, saturating (negative is 0).
    static func uint32<T: BinaryInteger>(_ value: T) -> UInt32 { UInt32(clamping: value) }

    /// A Double as Int, rounded toward zero and saturating; NaN is 0.
    static func int(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        // 2^63 is the first Double past Int.max; the Double just below it converts exactly.
        if value >= 0x1p63 { return .max }
        if value < -0x1p63 { return .min }
        return Int(value)
    }

    /// A Double as Int32, rounded toward zero and saturating; NaN is 0.
    static func int32(_ value: Double) -> Int32 { Int32(clamping: int(value)) }

    /// A Double as UInt32, rounded toward zero and saturating (negative is 0); NaN is 0.
    static func uint32(_ value: Double) -> UInt32 { UInt32(clamping: int(value)) }

    // MARK: Saturating arithmetic

    /// `a + b`, or the nearest value `T` holds.
    static func sum<T: FixedWidthInteger>(_ a: T, _ b: T) -> T {
        let (result, overflow) = a.addingReportingOverflow(b)
        guard overflow else { return result }
        return b > 0 ? .max : .min
    }

    /// `a - b`, or the nearest value `T` holds.
    static func difference<T: FixedWidthInteger>(_ a: T, _ b: T) -> T {
        let (result, overflow) = a.subtractingReportingOverflow(b)
        guard overflow else { return result }
        return b < 0 ? .max : .min
    }

    /// `a × b`, or the nearest value `T` holds.
    static func product<T: FixedWidthInteger>(_ a: T, _ b: T) -> T {
        let (result, overflow) = a.multipliedReportingOverflow(by: b)
        guard overflow else { return result }
        return (a < 0) == (b < 0) ? .max : .min
    }

    /// The length from `low` to `high` (a box's width from its two edges),
    /// computed wide: two Int32 edges can be 2^32 apart. 0 when `high` is below `low`.
    static func span<T: BinaryInteger>(from low: T, to high: T) -> Int {
        max(difference(Int(clamping: high), Int(clamping: low)), 0)
    }

    // MARK: Checked arithmetic

    /// `a + b`, or nil when `T` cannot hold it.
    static func exactSum<T: FixedWidthInteger>(_ a: T, _ b: T) -> T? {
        let (result, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : result
    }

    /// `a + b`; when `T` cannot hold it, the client's error for arguments
    /// `request` cannot use (`ProtocolViolation.invalidArguments`), saying what overflowed.
    static func checkedSum<T: FixedWidthInteger>(_ a: T, _ b: T, _ what: String, on resource: WaylandResource,
                                                 request: String) throws(ProtocolViolation) -> T {
        guard let result = exactSum(a, b) else {
            throw .invalidArguments(resource, request: request, "\(what) \(a) + \(b) overflows \(T.self)")
        }
        return result
    }
}
