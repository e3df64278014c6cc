import Foundation
import StrataRender

/// `strata-fuzz-coverage` built without libFuzzer: replays inputs (files,
/// or every file in a folder) on the same driver, without the sanitizer's
/// instrumentation; `--write-seeds DIR` writes the hand-made seeds.
public enum ReplayCommand {
    public static func run(arguments: [String], driver: FuzzDriver) -> Int32 {
        if arguments.first == "--write-seeds", arguments.count == 2 {
            return write(Seeds.all(driver: driver), to: arguments[1])
        }
        if arguments.first == "--write-known-crashes", arguments.count == 2 {
            return write(KnownCrashes.all(driver: driver), to: arguments[1])
        }
        var arguments = arguments
        let verbose = arguments.contains("--verbose")
        arguments.removeAll { $0 == "--verbose" }
        var screenshots: String?
        if let index = arguments.firstIndex(of: "--screenshot"), index + 1 < arguments.count {
            screenshots = arguments[index + 1]
            arguments.removeSubrange(index...index + 1)
        }
        let paths = arguments
        guard !paths.isEmpty, !paths.contains(where: { $0.hasPrefix("-") }) else {
            print("usage: strata-fuzz-coverage [--verbose] [--screenshot FOLDER] INPUT|FOLDER…   (replays inputs)")
            print("       strata-fuzz-coverage --write-seeds FOLDER      (the hand-made seed corpus)")
            print("       strata-fuzz-coverage --write-known-crashes FOLDER   (inputs of crashes found before the fuzzer)")
            return 2
        }
        var failed = 0
        var current = ""
        if let screenshots {
            try? FileManager.default.createDirectory(atPath: screenshots, withIntermediateDirectories: true)
            // The first output as the input left it, before its clients hang up.
            driver.atEndOfInput = { server in
                server.renderFrame()
                try? PNGFile.write(server.framebuffer, to: "\(screenshots)/\(current).png")
            }
        }
        defer { driver.atEndOfInput = nil }
        for file in inputFiles(paths) {
            current = (file as NSString).lastPathComponent
            guard let data = FileManager.default.contents(atPath: file) else {
                print("\(file): cannot read")
                failed += 1
                continue
            }
            let failure = driver.run(Array(data))
            if verbose || failure != nil { print("\(file): \(failure ?? "ok") — \(driver.lastSummary)") }
            if failure != nil { failed += 1 }
        }
        print("strata-fuzz-coverage: \(driver.inputsRun) inputs replayed, \(failed) failed")
        return failed == 0 ? 0 : 1
    }

    /// The files named, and those in the folders named (sorted, hidden ones skipped).
    public static func inputFiles(_ paths: [String]) -> [String] {
        paths.flatMap { path -> [String] in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [path] }
            guard isFolder.boolValue else { return [path] }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map { "\(path)/\($0)" }
        }
    }

    private static func write(_ inputs: [(name: String, bytes: [UInt8], summary: String)], to folder: String) -> Int32 {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, bytes, summary) in inputs {
            let path = "\(folder)/\(name)"
            _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
            print("\(path): \(bytes.count) bytes — \(summary)")
        }
        return 0
    }
}
