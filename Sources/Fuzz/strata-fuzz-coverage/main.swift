import Logging
import StrataFuzzing
#if canImport(Glibc)
import Glibc
#endif

/// The driver, made on first use: libFuzzer may call the entry point
/// below from its own main, before or without this file's top-level code.
let driver: FuzzDriver = {
    // The compositor's log says what every protocol error was; fuzzing
    // makes thousands a second. STRATA_FUZZ_LOG=1 keeps it.
    if getenv("STRATA_FUZZ_LOG") == nil {
        LoggingSystem.bootstrap { _ in SwiftLogNoOpLogHandler() }
    }
    return FuzzDriver()
}()

/// libFuzzer's entry point: one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let failure = driver.run(bytes) {
        fputs("strata-fuzz-coverage: \(failure)\n", stderr)
        abort()
    }
    return 0
}

#if STRATA_LIBFUZZER
// Built with -sanitize=fuzzer (`make fuzz-coverage`): libFuzzer's own
// command line (corpus folders, -max_total_time, a crash file to replay…).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

// `--replay INPUT…`, `--write-seeds FOLDER` and `--write-known-crashes FOLDER` as in the plain build.
switch CommandLine.arguments.dropFirst().first {
case "--write-seeds", "--write-known-crashes": exit(ReplayCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), driver: driver))
case "--replay": exit(ReplayCommand.run(arguments: Array(CommandLine.arguments.dropFirst(2)), driver: driver))
default: break
}
var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
#else
exit(ReplayCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), driver: driver))
#endif
