// swift-tools-version:6.0
import PackageDescription

/// A C library found through pkg-config, with the Debian package that ships it.
func system(_ name: String, pkgConfig: String, apt: String) -> Target {
    .systemLibrary(name: name, path: "Sources/System/\(name)", pkgConfig: pkgConfig,
                   providers: [.apt([apt])])
}

let package = Package(
    name: "Strata",
    products: [
        .executable(name: "strata", targets: ["strata"]),
        .library(name: "StrataKit", targets: ["StrataKit"]),
        .library(name: "StrataRender", targets: ["StrataRender"]),
        // What wlcs (the Wayland conformance suite) loads: `make conformance`.
        .library(name: "StrataWlcs", type: .dynamic, targets: ["StrataWlcs"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
    ],
    targets: [
        system("CWaylandServer", pkgConfig: "wayland-server", apt: "libwayland-dev"),
        system("CWaylandClient", pkgConfig: "wayland-client", apt: "libwayland-dev"),
        system("CPixman", pkgConfig: "pixman-1", apt: "libpixman-1-dev"),
        system("CPNG", pkgConfig: "libpng", apt: "libpng-dev"),
        system("CCairo", pkgConfig: "cairo", apt: "libcairo2-dev"),
        system("CXkbCommon", pkgConfig: "xkbcommon", apt: "libxkbcommon-dev"),
        // Pango shapes and lays out text, cairo draws it, fontconfig finds fonts.
        system("CPango", pkgConfig: "pangocairo", apt: "libpango1.0-dev"),
        system("CWlcs", pkgConfig: "wlcs", apt: "wlcs"),
        // The DRM backend: the GPU's display (KMS), the login seat, input devices (libinput links libudev).
        system("CDrm", pkgConfig: "libdrm", apt: "libdrm-dev"),
        system("CSeat", pkgConfig: "libseat", apt: "libseat-dev"),
        system("CInput", pkgConfig: "libinput", apt: "libinput-dev"),
        // Xwayland's window manager speaks X11 through xcb.
        system("CXcb", pkgConfig: "xcb-icccm", apt: "libxcb-icccm4-dev"),
        // Cursor themes (named cursor shapes), as X and every toolkit read them.
        system("CXcursor", pkgConfig: "xcursor", apt: "libxcursor-dev"),

        // wayland-scanner output (scripts/generate-protocols) and the few C
        // shims Swift needs around variadic libwayland calls.
        .target(name: "CStrataProtocolCode", path: "Sources/Protocol/Code"),
        .target(name: "CStrataServerProtocol", dependencies: ["CStrataProtocolCode", "CWaylandServer"],
                path: "Sources/Protocol/ServerGlue"),
        .target(name: "CStrataClientProtocol", dependencies: ["CStrataProtocolCode", "CWaylandClient"],
                path: "Sources/Protocol/ClientGlue"),

        // The vocabulary both sides share: geometry, colors, gravity, limits.
        .target(name: "StrataProtocol", path: "Sources/Protocol/Vocabulary"),

        // An incremental Cassowary simplex: what Auto Layout solves with; no UIKit inside.
        .target(name: "StrataConstraintSolver", path: "Sources/ConstraintSolver", exclude: ["README.md"]),

        // Layer trees to pixels with pixman; no Wayland inside.
        .target(name: "StrataRender", dependencies: ["StrataProtocol", "CPixman", "CPNG", "CCairo"],
                path: "Sources/Render", exclude: ["README.md"]),

        // The compositor.
        .target(name: "StrataServer",
                dependencies: ["StrataProtocol", "StrataRender", "CStrataServerProtocol", "CWaylandServer", "CPixman", "CXkbCommon",
                               "StrataWayland", "CStrataClientProtocol", "CDrm", "CSeat", "CInput", "CXcb", "CXcursor", "CCairo", "CPango",
                               .product(name: "Logging", package: "swift-log")],
                path: "Sources/Server/StrataServer",
                exclude: ["Seat/README.md", "Protocols/README.md", "Animation/README.md", "Backend/DRM/README.md"]),
        // `strata`'s command line, apart from the executable so tests can read it.
        .target(name: "StrataCommandLine",
                dependencies: ["StrataServer", .product(name: "ArgumentParser", package: "swift-argument-parser")],
                path: "Sources/Server/CommandLine"),
        .executableTarget(name: "strata", dependencies: ["StrataServer", "StrataCommandLine",
                                                         .product(name: "Logging", package: "swift-log")],
                          path: "Sources/Server/strata"),

        // The compositor as wlcs's integration: its C tables over a Swift host.
        .target(name: "CStrataWlcs", dependencies: ["CWlcs", "CWaylandClient"], path: "Sources/Conformance/CStrataWlcs"),
        .target(name: "StrataWlcs", dependencies: ["CStrataWlcs", "StrataServer", "StrataProtocol", "CWaylandServer"],
                path: "Sources/Conformance/StrataWlcs"),

        // The client side: a thin Swift layer over libwayland-client, and the app framework.
        .target(name: "StrataWayland",
                dependencies: ["StrataProtocol", "StrataRender", "CStrataClientProtocol", "CWaylandClient", "CXkbCommon"],
                path: "Sources/Client/StrataWayland", exclude: ["README.md"]),
        .target(name: "StrataKit", dependencies: ["StrataWayland", "StrataProtocol", "StrataRender", "StrataConstraintSolver", "CCairo", "CPango"],
                path: "Sources/Client/StrataKit",
                exclude: ["Events/README.md", "Gestures/README.md", "Controls/README.md", "Keyboard/README.md", "Animation/README.md",
                          "Pasteboard/README.md",
                          "Text/README.md", "ViewControllers/README.md", "ViewControllers/Bars/README.md",
                          "Scrolling/README.md", "Menus/README.md", "Collections/README.md", "Tables/README.md",
                          "ContentConfiguration/README.md", "Controls/Pickers/README.md", "ViewControllers/Alerts/README.md",
                          "Effects/README.md"]),

        // A client that builds a layer scene; used by `make demo` and the end-to-end tests.
        .executableTarget(name: "strata-layer-demo", dependencies: ["StrataWayland"], path: "Sources/Demos/LayerDemo"),
        // StrataKit apps: the View Programming Guide's Figure 1-1 sample and its layered clock.
        .executableTarget(name: "strata-photos-demo", dependencies: ["StrataKit"], path: "Sources/Demos/PhotosDemo",
                         resources: [.copy("Resources/Landscape@2x.png")]),
        .executableTarget(name: "strata-clock-demo", dependencies: ["StrataKit"], path: "Sources/Demos/ClockDemo"),
        // A StrataKit app to play with: drag, pinch and rotate, a toggle, typed text.
        .executableTarget(name: "strata-input-demo", dependencies: ["StrataKit"], path: "Sources/Demos/InputDemo"),
        // The guide's transitions sample: two image views swapped with a flip the compositor plays.
        .executableTarget(name: "strata-transitions-demo", dependencies: ["StrataKit"], path: "Sources/Demos/TransitionsDemo"),
        // A settings app: navigation, scrolling with tiled rows, controls, a text field, text in several scripts.
        .executableTarget(name: "strata-settings-demo", dependencies: ["StrataKit"], path: "Sources/Demos/SettingsDemo"),
        // A profile screen laid out with anchors and nested stack views, in light and dark appearance.
        .executableTarget(name: "strata-profile-demo", dependencies: ["StrataKit"], path: "Sources/Demos/ProfileDemo"),
        // Corners, shadows, borders, shape, gradient, replicator and text layers, masks: what the render server draws.
        .executableTarget(name: "strata-styling-demo", dependencies: ["StrataKit"], path: "Sources/Demos/StylingDemo"),
        // An inbox in a table view with swipe actions, a message in a text view, a compose alert.
        .executableTarget(name: "strata-mail-demo", dependencies: ["StrataKit"], path: "Sources/Demos/MailDemo"),
        // Album covers in a scroll view, turned in perspective as they leave the centre.
        .executableTarget(name: "strata-coverflow-demo", dependencies: ["StrataKit"], path: "Sources/Demos/CoverFlowDemo"),
        // A window of known views (colors, rotation, transparency, clipping, a label) for the compositing-mode tests.
        .executableTarget(name: "strata-pixel-app", dependencies: ["StrataKit"], path: "Sources/Demos/PixelApp"),

        // Coverage-guided fuzzing of the compositor in-process (libFuzzer;
        // `make fuzz-coverage`, scripts/fuzz/README.md): the decoder of
        // fuzz inputs into requests and the driver, apart from the entry
        // point so tests replay inputs without the sanitizer.
        .target(name: "StrataFuzzing",
                dependencies: ["StrataServer", "StrataProtocol", "StrataRender", "CWaylandServer", "CStrataServerProtocol", "CXkbCommon"],
                path: "Sources/Fuzz/StrataFuzzing"),
        .executableTarget(name: "strata-fuzz-coverage",
                          dependencies: ["StrataFuzzing", .product(name: "Logging", package: "swift-log")],
                          path: "Sources/Fuzz/strata-fuzz-coverage"),

        .executableTarget(name: "strata-bench", dependencies: ["StrataRender", "StrataServer", "StrataWayland", "StrataKit", "CPixman",
                                                             "CStrataClientProtocol", "StrataCommandLine"], path: "Benchmarks/strata-bench"),

        .target(name: "TestSupport", dependencies: ["StrataRender", "CPixman"], path: "Tests/TestSupport"),
        .testTarget(name: "ConstraintSolverTests", dependencies: ["StrataConstraintSolver"], path: "Tests/ConstraintSolverTests"),
        .testTarget(name: "AnimationTimingTests", dependencies: ["StrataProtocol"], path: "Tests/AnimationTimingTests"),
        .testTarget(name: "RenderTests", dependencies: ["StrataRender", "TestSupport", "CPixman", "CCairo"],
                    path: "Tests/RenderTests", resources: [.copy("References")]),
        .testTarget(name: "StrataKitTests", dependencies: ["StrataKit", "TestSupport"],
                    path: "Tests/StrataKitTests", resources: [.copy("References")]),
        .testTarget(name: "KitEndToEndTests", dependencies: ["StrataKit", "StrataWayland", "TestSupport"],
                    path: "Tests/KitEndToEndTests", resources: [.copy("References")]),
        .testTarget(name: "ServerTests",
                    dependencies: ["StrataServer", "StrataCommandLine", "StrataWayland", "StrataRender", "TestSupport", "CPixman"],
                    path: "Tests/ServerTests", resources: [.copy("References"), .copy("Fixtures")]),
        .testTarget(name: "FuzzTests", dependencies: ["StrataFuzzing"], path: "Tests/FuzzTests"),
        .testTarget(name: "WestonTests", dependencies: ["StrataWayland", "StrataProtocol", "StrataRender", "CStrataClientProtocol",
                                                         "TestSupport"],
                    path: "Tests/WestonTests", exclude: ["README.md"], resources: [.copy("References")]),
    ],
    swiftLanguageModes: [.v5]
)
