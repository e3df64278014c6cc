import CStrataServerProtocol

/// What a zwp_text_input_v3 tells the input method, double-buffered: the
/// requests change the pending copy, `commit` makes it current.
struct TextInputState: Equatable {
    /// The text around the cursor, with the cursor's and the selection
    /// anchor's byte offsets in it.
    struct SurroundingText: Equatable {
        var text: String
        var cursor: UInt32
        var anchor: UInt32
    }

    /// A rectangle in the text input's surface coordinates.
    struct CursorRectangle: Equatable {
        var x: Int32, y: Int32, width: Int32, height: Int32

        /// set_cursor_rectangle's values, clamped as every client rectangle is (ClientValue.rect).
        static func fromClient(x: Int32, y: Int32, width: Int32, height: Int32) -> CursorRectangle {
            let r = ClientValue.rect(x: x, y: y, width: width, height: height)
            return CursorRectangle(x: ClientValue.int32(r.x), y: ClientValue.int32(r.y),
                                   width: ClientValue.int32(r.width), height: ClientValue.int32(r.height))
        }
    }

    /// nil until the client sends some: it may not support it.
    var surroundingText: SurroundingText?
    var changeCause = ZWP_TEXT_INPUT_V3_CHANGE_CAUSE_INPUT_METHOD.rawValue
    var contentHint = ZWP_TEXT_INPUT_V3_CONTENT_HINT_NONE.rawValue
    var contentPurpose = ZWP_TEXT_INPUT_V3_CONTENT_PURPOSE_NORMAL.rawValue
    /// nil until the client sends one: it may not know where its cursor is.
    var cursorRectangle: CursorRectangle?

    /// The surrounding text of set_surrounding_text, or nil when its
    /// offsets do not fall inside it (the protocol has no error for that,
    /// and an input method cannot use them; the request is dropped).
    static func surroundingText(_ text: String, cursor: Int32, anchor: Int32) -> SurroundingText? {
        let length = text.utf8.count
        guard (0...length).contains(Int(cursor)), (0...length).contains(Int(anchor)) else { return nil }
        return SurroundingText(text: text, cursor: UInt32(cursor), anchor: UInt32(anchor))
    }
}
