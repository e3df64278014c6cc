import Foundation
import StrataKit

/// The text field: one typed character (the edit, the layout that keeps
/// the caret in view, and the redraw of the shown text) in a field of 300
/// points holding 20 and 2,000 characters, at 2×; as a ratio to a cairo
/// fill of the field's area at the same scale, measured in the same run.
func runTextFieldBenchmarks() {
    func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    func median(_ body: () -> Void) -> Double {
        (0..<21).map { _ in seconds(body) }.sorted()[10]
    }

    print("")
    print("strata-bench: textfield, typing one character into a 300-point field at 2× (medians of 21)")
    let scale: CGFloat = 2
    for length in [20, 2000] {
        // A window holds the field so it can become first responder; it is never shown.
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 340, height: 60))
        let field = UITextField(frame: CGRect(x: 20, y: 10, width: 300, height: 34))
        field.borderStyle = .roundedRect
        field.contentScaleFactor = scale
        window.addSubview(field)
        field.text = String(repeating: "typing into a field ", count: length / 20)
        _ = field.becomeFirstResponder()
        field.layoutIfNeeded()

        let typing = median {
            field.insertText("x")
            field.layoutIfNeeded()
            for view in field.allSubviews { view.layer.displayIfNeeded() }
        }
        UIGraphicsBeginImageContextWithOptions(field.bounds.size, false, scale)
        UIColor.white.setFill()
        let fill = median { UIRectFill(field.bounds) }
        UIGraphicsEndImageContext()
        print(String(format: "  %5d characters: type, lay out and draw %7.3f ms   cairo fill %7.3f ms   ratio %6.1f",
                     length, typing * 1000, fill * 1000, typing / fill))
    }
}

private extension UIView {
    var allSubviews: [UIView] { subviews + subviews.flatMap(\.allSubviews) }
}
