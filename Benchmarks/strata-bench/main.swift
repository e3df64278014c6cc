// strata-bench: performance figures, each as a ratio against a limit of
// this machine measured in the same run. Each area keeps its benchmarks in
// its own file; this driver runs them in turn.
import Foundation
import StrataRender
import StrataServer

// `strata-bench AREA…` runs only those areas (render, styling, depth, materials, protocol, kit, text, autolayout, textfield, seat, input, hardening, animation, scroll, table, nested, clients,
// xwayland, compositing).
let areas = Set(CommandLine.arguments.dropFirst())
// The compositing area's app in one mode, in a process of its own: not an area to ask for.
if areas == ["compositing-views"] {
    runCompositingViewsChild()
    exit(0)
}
// The styling area's app part, in a process of its own (one compositor connection per process).
if areas == ["styling-app"] {
    runProgressRingBytesBenchmark()
    exit(0)
}
func wanted(_ area: String) -> Bool { areas.isEmpty || areas.contains(area) }

if wanted("render") { runRenderBenchmarks() }
if wanted("styling") {
    runStylingBenchmarks()
    runAreaInItsOwnProcess("styling-app")
}
if wanted("depth") { runDepthBenchmarks() }
if wanted("materials") { runMaterialsBenchmarks() }
if wanted("protocol") { runProtocolBenchmarks() }
if wanted("kit") { runKitBenchmarks() }
if wanted("text") { runTextBenchmarks() }
if wanted("autolayout") { runAutoLayoutBenchmarks() }
if wanted("textfield") { runTextFieldBenchmarks() }
if wanted("seat") { runSeatBenchmarks() }
// StrataKit keeps one compositor connection per process, as an app does,
// and the kit area's is still open: the input area, which needs a
// compositor with a seat of its own, runs in a process of its own then.
if wanted("input") {
    if wanted("kit") { runAreaInItsOwnProcess("input") } else { runInputBenchmarks() }
}
if wanted("hardening") { runHardeningBenchmarks() }
// Its app part needs a compositor connection of its own, like the input area.
if wanted("animation") {
    if wanted("kit") || wanted("input") { runAreaInItsOwnProcess("animation") } else { runAnimationBenchmarks() }
}
// A StrataKit app too: in a process of its own when another app area ran here.
if wanted("scroll") {
    if wanted("kit") || wanted("input") || wanted("animation") { runAreaInItsOwnProcess("scroll") } else { runScrollBenchmarks() }
}

// A StrataKit app too, like the scroll area.
if wanted("table") {
    if wanted("kit") || wanted("input") || wanted("animation") || wanted("scroll") { runAreaInItsOwnProcess("table") } else { runTableBenchmarks() }
    runDiffableBenchmarks()
}

if wanted("nested") { runNestedBenchmarks() }
if wanted("clients") { runClientsBenchmarks() }
if wanted("xwayland") { runXwaylandBenchmarks() }
// Its apps are processes of their own, so it runs here whatever ran before.
if wanted("compositing") { runCompositingBenchmarks() }

/// Runs `strata-bench AREA` as a child process; its figures print here.
func runAreaInItsOwnProcess(_ area: String) {
    fflush(stdout)  // what this process printed comes first
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = [area]
    do {
        try child.run()
        child.waitUntilExit()
    } catch {
        print("strata-bench: cannot run the \(area) area: \(error)")
    }
}
