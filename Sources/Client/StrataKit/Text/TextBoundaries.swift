import Foundation

/// Where the caret may stop in a string, in UTF-16 offsets (NSRange's
/// units): between characters (grapheme clusters, never inside a composed
/// one), at the ends of words (letters, digits and "_"; spaces and
/// punctuation are skipped), and at the ends of paragraphs. Shared by the
/// text field and the text view.
struct TextBoundaries {
    let string: String
    var length: Int { string.utf16.count }

    init(_ string: String) { self.string = string }

    /// The UTF-16 offset where each character starts, and the string's length.
    func characterStarts() -> [Int] {
        var offsets: [Int] = []
        var index = string.startIndex
        while index < string.endIndex {
            offsets.append(index.utf16Offset(in: string))
            index = string.index(after: index)
        }
        offsets.append(length)
        return offsets
    }

    /// The start of the character before `offset`.
    func character(before offset: Int) -> Int {
        characterStarts().last { $0 < offset } ?? 0
    }

    /// The end of the character at `offset`.
    func character(after offset: Int) -> Int {
        characterStarts().first { $0 > offset } ?? length
    }

    /// The start of the word before `offset`.
    func word(before offset: Int) -> Int {
        let characters = charactersWithOffsets()
        var index = characters.lastIndex { $0.offset < offset } ?? -1
        while index >= 0, !characters[index].isWordCharacter { index -= 1 }
        while index > 0, characters[index - 1].isWordCharacter { index -= 1 }
        return index >= 0 ? characters[index].offset : 0
    }

    /// The end of the word after `offset`.
    func word(after offset: Int) -> Int {
        let characters = charactersWithOffsets()
        var index = characters.firstIndex { $0.offset >= offset } ?? characters.count
        while index < characters.count, !characters[index].isWordCharacter { index += 1 }
        while index < characters.count, characters[index].isWordCharacter { index += 1 }
        return index < characters.count ? characters[index].offset : length
    }

    /// The word around `offset`, for a double click.
    func wordRange(at offset: Int) -> NSRange {
        let start = word(before: min(length, character(after: offset)))
        let end = word(after: start)
        return NSRange(location: start, length: max(0, end - start))
    }

    /// The start of the paragraph `offset` is in (just after a line break).
    func paragraphStart(at offset: Int) -> Int {
        let units = Array(string.utf16)
        var index = min(max(0, offset), units.count)
        while index > 0, !Self.isLineBreak(units[index - 1]) { index -= 1 }
        return index
    }

    /// The end of the paragraph `offset` is in (just before its line break).
    func paragraphEnd(at offset: Int) -> Int {
        let units = Array(string.utf16)
        var index = min(max(0, offset), units.count)
        while index < units.count, !Self.isLineBreak(units[index]) { index += 1 }
        return index
    }

    private static func isLineBreak(_ unit: UInt16) -> Bool {
        unit == 0x0A || unit == 0x0D || unit == 0x2029
    }

    private func charactersWithOffsets() -> [(offset: Int, isWordCharacter: Bool)] {
        string.indices.map { index in
            let character = string[index]
            return (index.utf16Offset(in: string), character.isLetter || character.isNumber || character == "_")
        }
    }
}
