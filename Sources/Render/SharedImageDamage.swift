/// Contents damage of one frame, shared by the renderers of several outputs
/// that draw the same tree: an image's pending damage is taken once (which
/// clears it), and every renderer of the frame sees the same rects. Make a
/// new one for each frame.
public final class SharedImageDamage {
    /// The images are held so their identifiers stay theirs for the frame.
    private var taken: [ObjectIdentifier: (image: LayerImage, damage: [PixelRect])] = [:]

    public init() {}

    func damage(of image: LayerImage) -> [PixelRect] {
        let id = ObjectIdentifier(image)
        if let known = taken[id] { return known.damage }
        let damage = image.takeDamage()
        taken[id] = (image, damage)
        return damage
    }
}
