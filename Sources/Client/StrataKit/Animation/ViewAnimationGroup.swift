import Foundation

/// The animations one UIView animation block (or one CATransaction with a
/// completion block) added: its completion runs once all of them ended,
/// with whether all ran to their end; at once (on the next turn) when the
/// block animated nothing.
final class ViewAnimationGroup {
    private var pending = 0
    private var allFinished = true
    private var completion: ((Bool) -> Void)?
    private var isSealed = false

    func animationAdded() { pending += 1 }

    func animationEnded(finished: Bool) {
        pending -= 1
        if !finished { allFinished = false }
        fireIfDone()
    }

    /// No more animations join; `completion` runs when those added end.
    func seal(_ completion: ((Bool) -> Void)?) {
        self.completion = completion
        isSealed = true
        if pending <= 0 {
            // UIKit calls the completion of a block that animated nothing on the next turn.
            DispatchQueue.main.async { self.fireIfDone() }
        }
    }

    private func fireIfDone() {
        guard isSealed, pending <= 0, let completion else { return }
        self.completion = nil
        completion(allFinished)
    }

    static func finish(_ group: ViewAnimationGroup?, _ completion: @escaping () -> Void) {
        (group ?? ViewAnimationGroup()).seal { _ in completion() }
    }
}
