import CWaylandServer
import StrataProtocol
import StrataRender

// JSON descriptions of the scene and of frames, for the control interface.

extension Server {
    /// Every client's windows (bottom to top, then unmapped ones) with their layer trees.
    public func treeDump() -> JSONValue {
        var clients: [(client: OpaquePointer?, windows: [JSONValue])] = []
        for toplevel in windows.allToplevels {
            let entry = toplevel.dump()
            if let index = clients.firstIndex(where: { $0.client == toplevel.client }) {
                clients[index].windows.append(entry)
            } else {
                clients.append((toplevel.client, [entry]))
            }
        }
        return .object([
            ("output", .object([("width", .int(configuration.width)), ("height", .int(configuration.height)),
                                ("scale", .int(configuration.scale))])),
            ("outputs", outputsDump()),
            ("seat", seat.dump()),
            ("usable_area", .rect(usableArea)),
        ] + extensions.flatMap { $0.treeMembers() } + [
            ("clients", .array(clients.map { client in
                var pid: pid_t = 0, uid: uid_t = 0, gid: gid_t = 0
                if let c = client.client { wl_client_get_credentials(c, &pid, &uid, &gid) }
                var fields: [(String, JSONValue)] = [("pid", .int(Int(pid)))]
                if let c = client.client {
                    // How the connection came in: ordinary, trusted (launched) or sandboxed, with the sandbox's metadata.
                    let standing = standings.standing(of: c)
                    fields.append(("standing", .string(standing.name)))
                    if case .sandboxed(let sandbox) = standing {
                        fields.append(("sandbox", .object([("engine", sandbox.engine.map(JSONValue.string) ?? .null),
                                                           ("app_id", sandbox.appID.map(JSONValue.string) ?? .null),
                                                           ("instance_id", sandbox.instanceID.map(JSONValue.string) ?? .null)])))
                    }
                }
                return .object(fields + [("windows", .array(client.windows))])
            })),
        ])
    }
}

extension Toplevel {
    private var parentTitle: JSONValue {
        guard let parent else { return .null }
        return .string(parent.title ?? "")
    }

    func dump() -> JSONValue {
        let g = geometry
        return .object([
            ("title", title.map(JSONValue.string) ?? .null),
            ("app_id", appID.map(JSONValue.string) ?? .null),
            ("mapped", .bool(isMapped)),
            ("focused", .bool(server.seat.keyboardFocus === self)),
            // False once its client missed a ping (XdgWmBase+Ping).
            ("responding", .bool(isResponding)),
            // An X11 menu or tooltip: placed and stacked by its client.
            ("unmanaged", .bool(isUnmanaged)),
            ("origin", origin.map(JSONValue.point) ?? .null),
            ("geometry", .rect(g)),
            ("states", .array(states.names(activated: isActivated).map(JSONValue.string))),
            // The title of the window it is a dialog of (xdg_toplevel.set_parent, or another client's through xdg-foreign).
            ("parent", parentTitle),
            ("min_size", .object([("width", .int(Int(minSize.width))), ("height", .int(Int(minSize.height)))])),
            ("max_size", .object([("width", .int(Int(maxSize.width))), ("height", .int(Int(maxSize.height)))])),
            // The mode the client was given, and the bar Strata draws for it (on the output).
            ("decoration", decoration.map { .string($0.isServerSide ? "server_side" : "client_side") } ?? .null),
            ("title_bar", titleBar.map { .rect($0.frame) } ?? .null),
            ("surface", surface?.dump() ?? .null),
            ("popups", .array(mappedPopups.map { $0.dump() })),
            ("layer", windowLayer.dump(annotate: server.animations.annotation)),
        ])
    }
}

extension Server {
    /// Each output, left to right: its name, place in the layout and size
    /// in points, size in pixels, scale, refresh and the area windows may
    /// cover (`strata tree`'s outputs, `strata output list`).
    func outputsDump() -> JSONValue {
        .array(outputs.map { output in
            let b = output.bounds
            return .object([("name", .string(output.name)), ("x", .number(b.minX)), ("y", .number(b.minY)),
                            ("width", .int(output.pixelWidth)), ("height", .int(output.pixelHeight)),
                            ("scale", .number(output.scale)),
                            ("logical_width", .number(b.width)), ("logical_height", .number(b.height)),
                            ("refresh_mhz", .int(output.device.refreshMillihertz)),
                            ("power", .string(output.isPoweredOn ? "on" : "off")),
                            ("usable_area", .rect(windows.workArea(on: output)))])
        })
    }
}

extension LayerSurface {
    /// Its committed state, where the arrangement put it, and whether it has the keyboard.
    func dump() -> JSONValue {
        let s = current
        return .object([
            ("namespace", .string(namespace)),
            ("layer", .string(s.layer.description)),
            ("output", output.map { .string($0.name) } ?? .null),
            ("mapped", .bool(isMapped)),
            ("closed", .bool(isClosed)),
            ("anchor", .int(Int(s.anchor.rawValue))),
            ("exclusive_zone", .int(Int(s.exclusiveZone))),
            ("keyboard_interactivity", .string(["none", "exclusive", "on_demand"][Int(s.keyboard.rawValue)])),
            ("keyboard_focus", .bool(surface != nil && server.seat.keyboardTarget === surface)),
            ("configured_size", configuredSize.map { .object([("width", .int(Int($0.width))), ("height", .int(Int($0.height)))]) } ?? .null),
            ("frame", .rect(Rect(origin: container.position, size: container.bounds.size))),
            ("surface", surface?.dump() ?? .null),
            ("popups", .array(mappedPopups.map { $0.dump() })),
        ])
    }
}

extension Popup {
    /// A shown popup: its place against its parent's window geometry, its parent's surface, its grab and surface.
    func dump() -> JSONValue {
        .object([
            ("parent", .int(Int(parent?.surface?.id ?? 0))),
            ("placement", .rect(box.rect)),
            ("grab", .bool(server.seat.popupGrabs.contains { $0 === self })),
            ("surface", surface?.dump() ?? .null),
        ])
    }
}

extension Surface {
    /// The surface and its subsurfaces, bottom to top, with their roles:
    /// the window as wl_surface objects, beside its layers.
    func dump() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .int(Int(id))), ("role", .string(role.description)), ("mapped", .bool(isMapped)),
            ("size", .object([("width", .number(size.width)), ("height", .number(size.height))])),
        ]
        if let image = contentLayer.contents {
            // The committed buffer in pixels, its wl_surface.set_buffer_scale and set_buffer_transform
            // (wl_output.transform's value), and whether it is drawn as opaque (no alpha, or an opaque region covers it).
            members.append(("buffer", .object([("width", .int(image.width)), ("height", .int(image.height)),
                                               ("scale", .int(Int(bufferScale))),
                                               ("transform", .int(bufferTransform.rawValue)),
                                               ("opaque", .bool(!image.hasAlpha))])))
        }
        if let fractionalScale {
            // The last wp_fractional_scale_v1.preferred_scale sent, in 120ths (null: none yet).
            members.append(("preferred_scale", fractionalScale.sent.map { .int(Int($0)) } ?? .null))
        }
        if viewportSource != nil || viewportDestination != nil {
            // The committed crop (buffer rect, in points) and scale (surface size).
            members.append(("viewport", .object([
                ("source", viewportSource.map(JSONValue.rect) ?? .null),
                ("destination", viewportDestination.map { .object([("width", .number($0.width)), ("height", .number($0.height))]) } ?? .null),
            ])))
        }
        members += server.extensions.flatMap { $0.treeMembers(of: self) }
        if let subsurface = subsurfaceRole {
            members += [("position", .point(subsurface.position)), ("synchronized", .bool(subsurface.isSynchronized))]
        }
        if !subsurfaceStack.subsurfaces.isEmpty {
            // The parent's own place in the stack is written as "self".
            members.append(("stack", .array(subsurfaceStack.entries.map { entry in
                switch entry {
                case .parent: return .string("self")
                case .child(let subsurface): return subsurface.surface?.dump() ?? .null
                }
            })))
        }
        return .object(members)
    }
}

extension Seat {
    /// Where the pointer is and which windows have the pointer and the keyboard.
    func dump() -> JSONValue {
        func title(_ toplevel: Toplevel?) -> JSONValue {
            guard let toplevel else { return .null }
            return toplevel.title.map(JSONValue.string) ?? .string("")
        }
        let pointerWindow = livePointerFocus.flatMap(server.windows.window(of:))
        // "locked" or "confined" while a zwp_pointer_constraints_v1 constraint holds the pointer.
        let constraint: JSONValue = server.pointerConstraints?.active.map { .string($0.kind == .lock ? "locked" : "confined") } ?? .null
        return .object([
            ("pointer", .object([("x", .number(pointerPosition.x)), ("y", .number(pointerPosition.y)),
                                 ("window", title(pointerWindow)), ("buttons", .array(buttonsDown.map { .int(Int($0)) })),
                                 ("constraint", constraint),
                                 // The theme's cursor the client with the pointer named (cursor-shape-v1), if it did.
                                 ("cursor_shape", cursor.shapeName.map(JSONValue.string) ?? .null)])),
            ("keyboard_focus", title(keyboardFocus)),
            // The namespace of the layer surface that has the keys instead of the window, if one has.
            ("keyboard_layer_surface", keyboardTarget.flatMap { server.layerShell?.layerSurface(of: $0) }.map { .string($0.namespace) } ?? .null),
            // Whether an input method's keyboard grab takes the keys instead of the focused client.
            ("input_method_keyboard_grab", .bool(activeKeyboardGrab != nil)),
            // The open window menu: its window, items, frame and highlighted item.
            ("window_menu", windowMenu.map { menu in
                .object([("window", title(menu.window)), ("items", .array(menu.items.map { .string($0.title) })),
                         ("frame", .rect(menu.frame)), ("highlighted", menu.highlighted.map { .int($0) } ?? .null)])
            } ?? .null),
        ])
    }
}

extension RenderLayer {
    /// Levels of a layer tree that `strata tree` shows. Below, a layer's
    /// sublayers are left out and counted in "omittedDescendants", so a
    /// chain 100,000 deep dumps (and serializes, and parses) without deep
    /// recursion.
    public static let dumpDepthLimit = 100

    /// CALayer's model, property by property, `levels` deep.
    /// `annotate` adds members of its own to a layer (its animations).
    func dump(levels: Int = RenderLayer.dumpDepthLimit,
              annotate: (RenderLayer) -> [(String, JSONValue)] = { _ in [] }) -> JSONValue {
        var members: [(String, JSONValue)] = []
        if let name { members.append(("name", .string(name))) }
        members += [
            ("position", .point(position)),
            ("bounds", .rect(bounds)),
            ("anchor", .point(anchorPoint)),
            ("transform", .array([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(JSONValue.number))),
            ("opacity", .number(opacity)),
            ("hidden", .bool(isHidden)),
            ("masksToBounds", .bool(masksToBounds)),
            ("opaque", .bool(isOpaque)),
            ("backgroundColor", backgroundColor.map(JSONValue.color) ?? .null),
            ("contents", contents.map { .object([("width", .int($0.width)), ("height", .int($0.height)),
                                                 ("hasAlpha", .bool($0.hasAlpha))]) } ?? .null),
            ("contentsScale", .number(contentsScale)),
            ("contentsCenter", .rect(contentsCenter)),
            ("contentsRect", .rect(contentsRect)),
            ("gravity", .string(String(describing: contentsGravity))),
        ]
        members += stylingMembers
        members += depthMembers
        if let mask, levels > 1 { members.append(("mask", mask.dump(levels: levels - 1, annotate: annotate))) }
        members += annotate(self)
        if levels > 1 || sublayers.isEmpty {
            members.append(("sublayers", .array(sublayers.map { $0.dump(levels: levels - 1, annotate: annotate) })))
        } else {
            members.append(("sublayers", .array([])))
            members.append(("omittedDescendants", .int(descendantCount)))
        }
        return .object(members)
    }

    /// Version 4's 3-D properties, where they differ from the defaults.
    private var depthMembers: [(String, JSONValue)] {
        guard let depth else { return [] }
        var members: [(String, JSONValue)] = []
        if let transform = depth.transform { members.append(("transform3D", .array(transform.values.map(JSONValue.number)))) }
        if !depth.sublayerTransform.isIdentity {
            members.append(("sublayerTransform", .array(depth.sublayerTransform.values.map(JSONValue.number))))
        }
        if depth.zPosition != 0 { members.append(("zPosition", .number(depth.zPosition))) }
        if depth.anchorPointZ != 0 { members.append(("anchorPointZ", .number(depth.anchorPointZ))) }
        if !depth.isDoubleSided { members.append(("doubleSided", .bool(false))) }
        if depth.isTransformLayer { members.append(("transformLayer", .bool(true))) }
        return members
    }

    /// Version 3's styling, where it differs from the defaults.
    private var stylingMembers: [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        let s = style
        if s.cornerRadius > 0 { members.append(("cornerRadius", .number(s.cornerRadius))) }
        if s.hasBorder {
            members.append(("border", .object([("width", .number(s.borderWidth)), ("color", .color(s.borderColor))])))
        }
        if s.hasShadow {
            members.append(("shadow", .object([("color", .color(s.shadowColor)), ("opacity", .number(s.shadowOpacity)),
                                               ("offset", .point(Point(x: s.shadowOffset.width, y: s.shadowOffset.height))),
                                               ("radius", .number(s.shadowRadius)), ("hasPath", .bool(s.shadowPath != nil))])))
        }
        if let shape {
            members.append(("shape", .object([("elements", .int(shape.path.elements.count)),
                                              ("fillColor", shape.fillColor.map(JSONValue.color) ?? .null),
                                              ("strokeColor", shape.strokeColor.map(JSONValue.color) ?? .null),
                                              ("lineWidth", .number(shape.lineWidth)),
                                              ("strokeStart", .number(shape.strokeStart)), ("strokeEnd", .number(shape.strokeEnd))])))
        }
        if let gradient {
            members.append(("gradient", .object([("type", .string(String(describing: gradient.type))),
                                                 ("colors", .array(gradient.colors.map(JSONValue.color)))])))
        }
        if let replicator {
            members.append(("replicator", .object([("count", .int(replicator.count)), ("delay", .number(replicator.instanceDelay))])))
        }
        if let backdrop {
            members.append(("backdrop", .object([("radius", .number(backdrop.radius)), ("saturation", .number(backdrop.saturation)),
                                                 ("tint", .color(backdrop.tintColor))])))
        }
        return members
    }

    /// Layers below this one, counted with a loop (trees may be very deep).
    var descendantCount: Int {
        var count = 0
        var stack = sublayers
        while let next = stack.popLast() {
            count += 1
            stack += next.sublayers
        }
        return count
    }
}

extension FrameStats {
    public func dump() -> JSONValue {
        .object([
            ("pixelsComposited", .int(pixelsComposited)),
            ("compositeOperations", .int(compositeOperations)),
            ("damage", .array(damage.map { .object([("x", .int($0.x)), ("y", .int($0.y)),
                                                    ("width", .int($0.width)), ("height", .int($0.height))]) })),
        ])
    }
}

extension JSONValue {
    static func point(_ p: Point) -> JSONValue { .object([("x", .number(p.x)), ("y", .number(p.y))]) }
    static func rect(_ r: Rect) -> JSONValue {
        .object([("x", .number(r.minX)), ("y", .number(r.minY)), ("width", .number(r.width)), ("height", .number(r.height))])
    }
    static func color(_ c: Color) -> JSONValue {
        .object([("red", .number(c.red)), ("green", .number(c.green)), ("blue", .number(c.blue)), ("alpha", .number(c.alpha))])
    }
}
