// strata-bench: performance figures, each as a ratio against a limit of
// this machine measured in the same run. Each area keeps its benchmarks in
// its own file; this driver runs them in turn.
import StrataRender
import StrataServer

// `strata-bench AREA…` runs only those areas (render, protocol, kit, seat, input, hardening).
let areas = Set(CommandLine.arguments.dropFirst())
func wanted(_ area: String) -> Bool { areas.isEmpty || areas.contains(area) }

if wanted("render") { runRenderBenchmarks() }
if wanted("protocol") { runProtocolBenchmarks() }
if wanted("kit") { runKitBenchmarks() }
if wanted("seat") { runSeatBenchmarks() }
if wanted("input") { runInputBenchmarks() }
if wanted("hardening") { runHardeningBenchmarks() }
