import Foundation
import StrataKit

/// Text: a UILabel of 1,000 words wrapped at 600 points, given new text
/// (so nothing laid out before is reused), laid out (sizeThatFits, as a
/// layout pass asks it) and drawn into its backing store through the
/// layer's display, at 1× and 2×; each as a ratio to a cairo fill of the
/// same area at the same scale, measured in the same run.
func runTextBenchmarks() {
    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    func median(_ body: () -> Void) -> Double {
        (0..<9).map { _ in seconds(body) }.sorted()[4]
    }

    // Words of varied length, cycled, so lines break in many places.
    let vocabulary = ["strata", "layer", "compositor", "a", "view", "of", "text", "shaped", "by", "pango",
                      "and", "drawn", "with", "cairo", "into", "shared", "memory", "for", "every", "frame"]
    let words = (0..<1000).map { vocabulary[($0 * 7 + $0 / 20) % vocabulary.count] }
    // Each round shows other text (the words rotated), so nothing laid out before is reused.
    let texts = (0..<9).map { (words[$0...] + words[..<$0]).joined(separator: " ") }

    print("")
    print("strata-bench: text, a UILabel of 1000 words wrapped at 600 points (medians of 9)")
    for scale: CGFloat in [1, 2] {
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 600, height: 10))
        label.numberOfLines = 0
        label.text = texts[0]
        label.contentScaleFactor = scale
        // As wide as its container, as tall as its text.
        label.frame.size.height = label.sizeThatFits(CGSize(width: 600, height: CGFloat.greatestFiniteMagnitude)).height
        let size = label.bounds.size

        var round = 0
        let drawing = median {
            round += 1
            label.text = texts[round % texts.count]
            _ = label.sizeThatFits(CGSize(width: 600, height: CGFloat.greatestFiniteMagnitude))
            label.setNeedsDisplay()
            label.layer.displayIfNeeded()
        }
        // The fill goes into a context made beforehand, as the label's
        // store is kept from one pass to the next.
        UIGraphicsBeginImageContextWithOptions(size, false, scale)
        UIColor.white.setFill()
        let fill = median { UIRectFill(CGRect(origin: .zero, size: size)) }
        UIGraphicsEndImageContext()
        print(String(format: "  %.0f×, %.0f×%.0f points: layout and draw %8.3f ms   cairo fill %7.3f ms   ratio %6.1f",
                     scale, size.width, size.height, drawing * 1000, fill * 1000, drawing / fill))
    }
}
