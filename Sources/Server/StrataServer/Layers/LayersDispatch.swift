import CStrataServerProtocol
import StrataProtocol
import StrataRender

/// The request tables libwayland calls for strata_layers_v1,
/// strata_context_v1 and strata_layer_v1. Each entry finds the Swift object
/// behind the resource, converts the wire types and forwards; the objects
/// hold the logic.
enum LayersDispatch {
    private static func manager(_ r: WaylandResource?) -> LayerManager {
        resourceObject(r, as: LayerManager.self, interface: strata_strata_layers_v1_interface())!
    }
    private static func context(_ r: WaylandResource?) -> LayerContext {
        resourceObject(r, as: LayerContext.self, interface: strata_strata_context_v1_interface())!
    }
    private static func layer(_ r: WaylandResource?) -> ServerLayer {
        resourceObject(r, as: ServerLayer.self, interface: strata_strata_layer_v1_interface())!
    }
    private static func fixed(_ value: wl_fixed_t) -> Double { ClientValue.double(fixed: value) }

    /// An array argument of doubles, or nil when its size is not a multiple of eight.
    private static func doubles(_ array: UnsafeMutablePointer<wl_array>?) -> [Double]? {
        guard let array else { return [] }
        let size = array.pointee.size
        guard size % 8 == 0 else { return nil }
        guard size > 0, let data = array.pointee.data else { return [] }
        return (0..<(size / 8)).map { data.loadUnaligned(fromByteOffset: $0 * 8, as: Double.self) }
    }

    /// The resource for a new object made by a request on `parent`; the
    /// object itself is attached once it exists (`attach`).
    private static func childResource(of parent: WaylandResource?, _ interface: UnsafePointer<wl_interface>,
                                      id: UInt32) -> WaylandResource? {
        guard let parent else { return nil }
        let client = wl_resource_get_client(parent)
        guard let resource = wl_resource_create(client, interface, wl_resource_get_version(parent), id) else {
            wl_client_post_no_memory(client)
            return nil
        }
        return resource
    }

    // MARK: strata_layers_v1

    static let managerRequests = staticImplementation(strata_layers_v1_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            create_layer: { _, resource, id in
                guard let layerResource = childResource(of: resource, strata_strata_layer_v1_interface(), id: id) else { return }
                reportingViolations { () throws(ProtocolViolation) in
                    try manager(resource).createLayer(resource: layerResource)
                }
            },
            get_context: { _, resource, id, surfaceResource in
                guard let contextResource = childResource(of: resource, strata_strata_context_v1_interface(), id: id),
                      let surface = Surface.from(surfaceResource) else { return }
                reportingViolations { () throws(ProtocolViolation) in
                    try manager(resource).createContext(resource: contextResource, surface: surface)
                }
            },
            commit: { _, resource, serial in
                reportingViolations { () throws(ProtocolViolation) in try manager(resource).commit(serial: serial) }
            }))

    // MARK: strata_context_v1

    static let contextRequests = staticImplementation(strata_context_v1_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_root_layer: { _, resource, layerResource in
                reportingViolations { () throws(ProtocolViolation) in
                    try context(resource).setRootLayer(layerResource.map(layer))
                }
            }))

    // MARK: strata_layer_v1

    static let layerRequests = staticImplementation(strata_layer_v1_interface(
            destroy: { _, resource in wl_resource_destroy(resource) },
            set_position: { _, r, x, y in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setPosition(Point(x: fixed(x), y: fixed(y))) }
            },
            set_bounds: { _, r, x, y, width, height in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setBounds(Rect(x: fixed(x), y: fixed(y), width: fixed(width), height: fixed(height)))
                }
            },
            set_anchor_point: { _, r, x, y in layer(r).setAnchorPoint(Point(x: fixed(x), y: fixed(y))) },
            set_transform: { _, r, matrix in
                reportingViolations { () throws(ProtocolViolation) in
                    let target = layer(r)
                    guard let matrix, matrix.pointee.size == 6 * MemoryLayout<Double>.size, let data = matrix.pointee.data else {
                        throw .layer(r!, STRATA_LAYER_V1_ERROR_INVALID_VALUE, "layer \(target.id): a transform is six doubles")
                    }
                    let v = (0..<6).map { data.loadUnaligned(fromByteOffset: $0 * 8, as: Double.self) }
                    try target.setTransform(AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5]))
                }
            },
            set_opacity: { _, r, opacity in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setOpacity(fixed(opacity)) }
            },
            set_hidden: { _, r, value in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setHidden(value) }
            },
            set_masks_to_bounds: { _, r, value in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setMasksToBounds(value) }
            },
            set_background_color: { _, r, red, green, blue, alpha in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setBackgroundColor(Color(red: fixed(red), green: fixed(green), blue: fixed(blue), alpha: fixed(alpha)))
                }
            },
            set_contents: { _, r, buffer, width, height in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setContents(buffer: buffer, width: width, height: height) }
            },
            damage_contents: { _, r, x, y, width, height in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).damageContents(x: x, y: y, width: width, height: height)
                }
            },
            set_contents_scale: { _, r, scale in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setContentsScale(fixed(scale)) }
            },
            set_contents_gravity: { _, r, gravity in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setContentsGravity(gravity) }
            },
            set_contents_center: { _, r, x, y, width, height in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setContentsCenter(Rect(x: fixed(x), y: fixed(y), width: fixed(width), height: fixed(height)))
                }
            },
            set_opaque: { _, r, value in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setOpaque(value) }
            },
            insert_sublayer: { _, r, sublayer, index in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).insertSublayer(layer(sublayer), at: index) }
            },
            remove_from_superlayer: { _, r in layer(r).removeFromSuperlayer() },
            set_contents_rect: { _, r, x, y, width, height in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setContentsRect(Rect(x: fixed(x), y: fixed(y), width: fixed(width), height: fixed(height)))
                }
            },
            add_animation: { _, r, key, keyPath, values, keyTimes, curves, spring, timing, flags in
                reportingViolations { () throws(ProtocolViolation) in
                    let target = layer(r)
                    guard let values = doubles(values), let keyTimes = doubles(keyTimes), let curves = doubles(curves),
                          let spring = doubles(spring), let timing = doubles(timing) else {
                        throw .layer(r!, STRATA_LAYER_V1_ERROR_INVALID_ANIMATION,
                                     "layer \(target.id): an array of doubles has a size that is not a multiple of 8")
                    }
                    try target.addAnimation(AnimationRequest(
                        key: String(cString: key!), keyPath: String(cString: keyPath!), values: values, keyTimes: keyTimes,
                        curves: curves, spring: spring, timing: timing, flags: flags))
                }
            },
            add_transition: { _, r, key, kind, direction, timing, curves, progress, flags in
                reportingViolations { () throws(ProtocolViolation) in
                    let target = layer(r)
                    guard let timing = doubles(timing), let curves = doubles(curves), let progress = doubles(progress) else {
                        throw .layer(r!, STRATA_LAYER_V1_ERROR_INVALID_ANIMATION,
                                     "layer \(target.id): an array of doubles has a size that is not a multiple of 8")
                    }
                    try target.addTransition(key: String(cString: key!), kind: kind, direction: direction, timing: timing,
                                             curves: curves, progress: progress, flags: flags)
                }
            },
            remove_animation: { _, r, key in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).removeAnimation(key: String(cString: key!)) }
            },
            set_corner_radius: { _, r, radius, corners, curve in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setCornerRadius(fixed(radius), maskedCorners: corners, curve: curve)
                }
            },
            set_border: { _, r, width, red, green, blue, alpha in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setBorder(width: fixed(width), color: color(red, green, blue, alpha))
                }
            },
            set_shadow: { _, r, red, green, blue, alpha, opacity, x, y, radius in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setShadow(color: color(red, green, blue, alpha), opacity: fixed(opacity),
                                           offset: Size(width: fixed(x), height: fixed(y)), radius: fixed(radius))
                }
            },
            set_shadow_path: { _, r, path in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setShadowPath(try doubles(path, of: r)) }
            },
            set_shape: { _, r, path, rule in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setShape(try doubles(path, of: r), fillRule: rule) }
            },
            set_fill_color: { _, r, red, green, blue, alpha in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setFillColor(color(red, green, blue, alpha)) }
            },
            set_stroke: { _, r, red, green, blue, alpha, width, cap, join, miter in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setStroke(color: color(red, green, blue, alpha), lineWidth: fixed(width), cap: cap, join: join,
                                           miterLimit: fixed(miter))
                }
            },
            set_line_dash: { _, r, pattern, phase in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setLineDash(try doubles(pattern, of: r), phase: fixed(phase))
                }
            },
            set_stroke_range: { _, r, range in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setStrokeRange(try doubles(range, of: r)) }
            },
            set_gradient: { _, r, type, colors, locations, points in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setGradient(type: type, colors: try doubles(colors, of: r), locations: try doubles(locations, of: r),
                                             points: try doubles(points, of: r))
                }
            },
            set_mask: { _, r, mask in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setMask(mask.map(layer)) }
            },
            set_replicator: { _, r, count, transform, values in
                reportingViolations { () throws(ProtocolViolation) in
                    try layer(r).setReplicator(count: count, transform: try doubles(transform, of: r), values: try doubles(values, of: r))
                }
            },
            append_path: { _, r, target, path in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).appendPath(target: target, try doubles(path, of: r)) }
            },
            set_transform_3d: { _, r, matrix in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setTransform3D(try doubles(matrix, of: r)) }
            },
            set_sublayer_transform: { _, r, matrix in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setSublayerTransform(try doubles(matrix, of: r)) }
            },
            set_z_position: { _, r, z in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setZPosition(fixed(z)) }
            },
            set_anchor_point_z: { _, r, z in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setAnchorPointZ(fixed(z)) }
            },
            set_double_sided: { _, r, value in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setDoubleSided(value) }
            },
            set_transform_layer: { _, r, value in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setTransformLayer(value) }
            },
            set_backdrop: { _, r, values in
                reportingViolations { () throws(ProtocolViolation) in try layer(r).setBackdrop(try doubles(values, of: r)) }
            }))

    private static func color(_ red: wl_fixed_t, _ green: wl_fixed_t, _ blue: wl_fixed_t, _ alpha: wl_fixed_t) -> Color {
        Color(red: fixed(red), green: fixed(green), blue: fixed(blue), alpha: fixed(alpha))
    }

    /// An array of doubles, or an invalid_value error naming the layer.
    private static func doubles(_ array: UnsafeMutablePointer<wl_array>?, of r: WaylandResource?) throws(ProtocolViolation) -> [Double] {
        guard let values = doubles(array) else {
            throw .layer(r!, STRATA_LAYER_V1_ERROR_INVALID_VALUE,
                         "layer \(layer(r).id): an array of doubles has a size that is not a multiple of 8")
        }
        return values
    }
}
