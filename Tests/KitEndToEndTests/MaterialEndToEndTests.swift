import Foundation
@testable import StrataKit
import TestSupport
import XCTest

/// UIVisualEffectView between a StrataKit app and a real compositor: the
/// compositor blurs what the window drew under the view (red and blue
/// stripes become one purple), and an app compositing itself does the same
/// with its own renderer.
final class MaterialEndToEndTests: KitTestCase {
    override func tearDown() {
        unsetenv(CompositingMode.environmentVariable)
        super.tearDown()
    }

    /// Red and blue stripes 5 points wide; a regular blur over the middle.
    private func makeWindow() -> UIWindow {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        window.title = "Material"
        window.backgroundColor = .white
        for x in stride(from: 0, to: 200, by: 10) {
            let red = UIView(frame: CGRect(x: x, y: 0, width: 5, height: 100))
            red.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
            let blue = UIView(frame: CGRect(x: x + 5, y: 0, width: 5, height: 100))
            blue.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            window.addSubview(red)
            window.addSubview(blue)
        }
        let material = UIVisualEffectView(effect: UIBlurEffect(style: .regular))
        material.frame = CGRect(x: 50, y: 20, width: 100, height: 60)
        window.addSubview(material)
        return window
    }

    private func assertBlurred(name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(try strata.control("frame").status, 0)
        // Kept in the test output folder to look at.
        try FileManager.default.createDirectory(atPath: ImageComparison.outputDirectory, withIntermediateDirectories: true)
        let shot = try strata.screenshot(to: ImageComparison.outputDirectory + "/\(name).png")
        let (ox, oy) = try origin(of: serverWindow(titled: "Material"))
        for (x, y) in [(100, 50), (72, 40), (131, 66)] {
            let p = shot[ox + x, oy + y]
            // Stripes blurred into one purple under a light tint: red and blue alike, neither pure.
            XCTAssertEqual(Int(p.red), Int(p.blue), accuracy: 12, "(\(x), \(y)) is \(p)", file: file, line: line)
            XCTAssert((90...245).contains(Int(p.red)), "(\(x), \(y)) is \(p)", file: file, line: line)
        }
        // Outside the view the stripes are as drawn.
        XCTAssertTrue(shot[ox + 12, oy + 50].isClose(to: DecodedPNG.Pixel(red: 255, green: 0, blue: 0)), file: file, line: line)
        XCTAssertTrue(shot[ox + 17, oy + 50].isClose(to: DecodedPNG.Pixel(red: 0, green: 0, blue: 255)), file: file, line: line)
    }

    func testTheCompositorBlursUnderAVisualEffectView() throws {
        try startCompositor()
        show(makeWindow())
        try assertBlurred(name: "material-strata")
    }

    func testAnAppCompositingItselfBlursItsOwnContent() throws {
        try startCompositor()
        setenv(CompositingMode.environmentVariable, "client", 1)
        let window = makeWindow()
        window.makeKeyAndVisible()
        XCTAssertTrue(runMainLoop(until: { (window.surface?.presenter?.commitCount ?? 0) > 0 }),
                      "the window was never drawn; strata said: \(strata.serverLog)")
        XCTAssertTrue(runMainLoop(until: { !(window.surface?.presenter?.isWaitingForFrame ?? true) }))
        try assertBlurred(name: "material-client")
    }
}
