import CStrataClientProtocol
import CStrataServerProtocol
import Foundation
import StrataProtocol
import TestSupport
import XCTest

/// Version 4's 3-D requests on the real socket, from a bare client: bad
/// matrices and booleans are invalid_value errors naming the layer; good
/// ones are taken and shown by `strata tree`.
final class DepthProtocolTests: CompositorTestCase {
    private let invalidValue: UInt32 = 5

    /// A client bound at version 4 with one layer, which `request` is sent
    /// to; the protocol error it got, if any.
    private func error(_ request: (OpaquePointer) -> Void) throws -> (interface: String, code: UInt32, objectID: UInt32)? {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_strata_layers_v1_interface(), version: 4)
        let layer = try XCTUnwrap(strata_layers_v1_create_layer(manager))
        request(layer)
        client.roundtrip()
        return client.protocolError
    }

    private func withArray(_ values: [Double], _ body: (UnsafeMutablePointer<wl_array>) -> Void) {
        var values = values
        values.withUnsafeMutableBytes { bytes in
            var array = wl_array(size: bytes.count, alloc: bytes.count, data: bytes.baseAddress)
            body(&array)
        }
    }

    func testServesVersion4() throws {
        let client = try RawClient(strata)
        let global = try XCTUnwrap(client.globals.first { $0.interface == "strata_layers_v1" })
        XCTAssertGreaterThanOrEqual(global.version, 4)
    }

    func testBadMatricesAreInvalidValue() throws {
        let identity = Transform3D.identity.values
        let bad: [[Double]] = [[], Array(identity.prefix(6)), identity + [0], [.nan] + identity.dropFirst(),
                               Array(identity.dropLast()) + [.infinity]]
        for values in bad {
            let transformError = try error { layer in withArray(values) { strata_layer_v1_set_transform_3d(layer, $0) } }
            XCTAssertEqual(transformError?.code, invalidValue, "set_transform_3d \(values)")
            XCTAssertEqual(transformError?.interface, "strata_layer_v1")
            let sublayerError = try error { layer in withArray(values) { strata_layer_v1_set_sublayer_transform(layer, $0) } }
            XCTAssertEqual(sublayerError?.code, invalidValue, "set_sublayer_transform \(values)")
        }
        // A singular matrix is allowed (it draws nothing), as is perspective.
        var singular = identity
        singular[0] = 0
        XCTAssertNil(try error { layer in withArray(singular) { strata_layer_v1_set_transform_3d(layer, $0) } })
        XCTAssertNil(try error { layer in
            withArray(Transform3D(perspectiveDistance: 500).values) { strata_layer_v1_set_sublayer_transform(layer, $0) }
        })
    }

    func testBadBooleansAreInvalidValue() throws {
        XCTAssertEqual(try error { strata_layer_v1_set_double_sided($0, 2) }?.code, invalidValue)
        XCTAssertEqual(try error { strata_layer_v1_set_transform_layer($0, 7) }?.code, invalidValue)
        XCTAssertNil(try error { layer in
            strata_layer_v1_set_double_sided(layer, 0)
            strata_layer_v1_set_transform_layer(layer, 1)
            strata_layer_v1_set_z_position(layer, wl_fixed_from_double(-40))
            strata_layer_v1_set_anchor_point_z(layer, wl_fixed_from_double(12.5))
        })
    }
}
