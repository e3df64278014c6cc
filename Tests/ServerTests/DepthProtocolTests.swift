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
    private func error(version: UInt32 = 4, _ request: (OpaquePointer) -> Void) throws
        -> (interface: String, code: UInt32, objectID: UInt32)? {
        let client = try RawClient(strata)
        let manager = try client.bind(strata_strata_layers_v1_interface(), version: version)
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

    /// An add_animation of `values` under `keyPath`, one second long.
    private func animate(_ layer: OpaquePointer, _ keyPath: String, _ values: [Double], keyTimes: [Double] = []) {
        withArray(values) { values in
            withArray(keyTimes) { keyTimes in
                withArray([]) { curves in
                    withArray([]) { spring in
                        withArray([0, 1, 1, 0, 1, 0]) { timing in
                            strata_layer_v1_add_animation(layer, "a", keyPath, values, keyTimes, curves, spring, timing, 0)
                        }
                    }
                }
            }
        }
    }

    func testDepthAnimationsAreTakenFromVersion4() throws {
        let flip = Transform3D(perspectiveDistance: 500).values
            + Transform3D(rotationAngle: .pi, x: 0, y: 1, z: 0).concatenating(Transform3D(perspectiveDistance: 500)).values
        XCTAssertNil(try error { animate($0, "transform", flip) }, "sixteen values each")
        XCTAssertNil(try error { animate($0, "transform", Array(repeating: 0, count: 48), keyTimes: [0, 0.2, 0.4, 0.6, 0.8, 0.9, 0.95, 1]) },
                     "48 doubles as eight affine values, as the key times say")
        XCTAssertNil(try error { animate($0, "transform", AffineTransform.identity.components + AffineTransform.identity.components) })
        for keyPath in ["sublayerTransform"] { XCTAssertNil(try error { animate($0, keyPath, flip) }) }
        for keyPath in ["zPosition", "anchorPointZ", "transform.rotation.x", "transform.rotation.y", "transform.scale.z",
                        "transform.translation.z"] {
            XCTAssertNil(try error { animate($0, keyPath, [0, 1]) }, keyPath)
            XCTAssertEqual(try error(version: 3) { animate($0, keyPath, [0, 1]) }?.code, 6, "\(keyPath) is newer than version 3")
        }
        XCTAssertEqual(try error { animate($0, "transform (sixteen values)", flip) }?.code, 6, "not a wire key path")
        XCTAssertEqual(try error { animate($0, "sublayerTransform", [1, 2, 3]) }?.code, 7)
    }
}
