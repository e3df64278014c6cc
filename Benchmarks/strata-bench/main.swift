// strata-bench: performance figures, each as a ratio against a limit of
// this machine measured in the same run. Each area keeps its benchmarks in
// its own file; this driver runs them in turn.
import StrataRender
import StrataServer

runRenderBenchmarks()
runProtocolBenchmarks()
runKitBenchmarks()
runHardeningBenchmarks()
