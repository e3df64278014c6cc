import XCTest
@testable import StrataKit

/// UIProgressView as Apple's reference describes it.
final class ProgressViewTests: InputTestCase {
    /// UIKit, `progress`: "Values less than 0.0 and greater than 1.0 are
    /// pinned to those limits." The default is 0.
    func testProgressIsPinnedToZeroThroughOne() {
        let bar = UIProgressView(progressViewStyle: .default)
        XCTAssertEqual(bar.progress, 0)
        bar.progress = 1.5
        XCTAssertEqual(bar.progress, 1)
        bar.progress = -0.25
        XCTAssertEqual(bar.progress, 0)
        bar.setProgress(0.4, animated: false)
        XCTAssertEqual(bar.progress, 0.4)
        bar.setProgress(.nan, animated: true)
        XCTAssertEqual(bar.progress, 0)
    }

    /// The fill covers `progress` of the track, from the left.
    func testFillCoversTheFractionDone() {
        let bar = UIProgressView(frame: CGRect(x: 20, y: 20, width: 200, height: 4))
        window.addSubview(bar)
        bar.progress = 0.25
        bar.layoutIfNeeded()
        XCTAssertEqual(bar.fillView.frame, CGRect(x: 0, y: 0, width: 50, height: 4))
        XCTAssertEqual(bar.trackView.frame, bar.bounds)
        XCTAssertEqual(bar.trackView.layer.cornerRadius, 2, "round ends for .default")
        bar.progressViewStyle = .bar
        bar.layoutIfNeeded()
        XCTAssertEqual(bar.trackView.layer.cornerRadius, 0, "square ends for .bar")
    }

    /// `setProgress(_:animated:)`: the model value is the end at once, and
    /// the fill's widening is an animation the compositor plays.
    func testAnimatedChangeSlidesTheFill() {
        let bar = UIProgressView(frame: CGRect(x: 20, y: 20, width: 200, height: 4))
        window.addSubview(bar)
        bar.layoutIfNeeded()
        bar.setProgress(0.5, animated: true)
        XCTAssertEqual(bar.fillView.frame.width, 100)
        XCTAssertFalse((bar.fillView.layer.animationKeys() ?? []).isEmpty, "animated")
        bar.setProgress(0.75, animated: false)
        XCTAssertEqual(bar.fillView.frame.width, 150)
    }

    /// `progressTintColor` nil: the tint color; `trackTintColor` colors the track.
    func testColors() {
        let bar = UIProgressView(frame: CGRect(x: 0, y: 0, width: 100, height: 4))
        window.addSubview(bar)
        XCTAssertEqual(bar.fillView.backgroundColor, bar.tintColor)
        bar.progressTintColor = .systemGreen
        bar.trackTintColor = .systemGray5
        XCTAssertEqual(bar.fillView.backgroundColor, .systemGreen)
        XCTAssertEqual(bar.trackView.backgroundColor, .systemGray5)
        XCTAssertEqual(bar.intrinsicContentSize.height, 4)
    }

    /// `observedProgress`: "the progress view updates its progress value
    /// automatically using information it receives from the Progress object."
    func testObservedProgressIsFollowed() {
        let bar = UIProgressView(frame: CGRect(x: 0, y: 0, width: 100, height: 4))
        window.addSubview(bar)
        let work = Progress(totalUnitCount: 10)
        work.completedUnitCount = 3
        bar.observedProgress = work
        XCTAssertEqual(bar.progress, 0.3, accuracy: 0.0001)
        work.completedUnitCount = 7
        advance(0.1)
        XCTAssertEqual(bar.progress, 0.7, accuracy: 0.0001)
        bar.observedProgress = nil
        work.completedUnitCount = 10
        advance(0.2)
        XCTAssertEqual(bar.progress, 0.7, accuracy: 0.0001, "no longer followed")
    }
}
