import Glibc
import Testing

@testable import ShelfUI

// Shelf measures text as ncurses will place it: by the C library's wcwidth.
// These tests compare the generated table with the running C library.

/// A C library function the Glibc module does not import (its header guards
/// `wcwidth` behind `_XOPEN_SOURCE`), looked up by name.
private func libcFunction<Function>(_ name: String, as type: Function.Type) -> Function {
  guard let symbol = dlsym(nil, name) else { fatalError("no \(name) in the C library") }
  return unsafeBitCast(symbol, to: type)
}

/// The C library's `wcwidth` of every scalar, in the C.UTF-8 locale.
private let libcWidths: [Int32] = {
  #expect(setlocale(LC_CTYPE, "C.UTF-8") != nil, "the C.UTF-8 locale is missing")
  let wcwidth = libcFunction("wcwidth", as: (@convention(c) (Int32) -> Int32).self)
  return (0...0x10FFFF as ClosedRange<UInt32>).map { wcwidth(Int32(bitPattern: $0)) }
}()

/// What Shelf draws for a scalar alone, where it knowingly differs from `wcwidth`.
private enum Exception: CaseIterable {
  case control  // C0, DEL, C1: drawn as a one-column placeholder such as `␛`
  case loneMark  // a combining mark with no base: drawn on a dotted circle, one column
  case emojiModifier  // a skin tone: dropped, as Shelf reduces emoji sequences
  case softHyphen  // U+00AD, a format character wcwidth gives a column: dropped
}

private func exception(for scalar: Unicode.Scalar) -> Exception? {
  if TerminalText.isControl(scalar) { return .control }
  if TerminalText.isMark(scalar) { return .loneMark }
  if (0x1F3FB...0x1F3FF).contains(scalar.value) { return .emojiModifier }
  if scalar.value == 0xAD { return .softHyphen }
  return nil
}

@Test func theTableComesFromTheRunningCLibrary() {
  let version = libcFunction(
    "gnu_get_libc_version", as: (@convention(c) () -> UnsafePointer<CChar>).self)
  let running = String(cString: version())
  #expect(TerminalText.widthSource == "glibc \(running)", "run `make widths`")
}

/// All code points in eight equal slices, checked side by side.
private let slices = (0..<8).map { UInt32($0) * 0x22000..<UInt32($0 + 1) * 0x22000 }

@Test(arguments: slices)
func everyScalarIsAsWideAsTheCLibrarySaysSaveTheDocumentedExceptions(slice: Range<UInt32>) {
  var checked = 0
  var mismatches: [String] = []
  for value in slice {
    guard let scalar = Unicode.Scalar(value) else { continue }
    let libc = Int(libcWidths[Int(value)])
    let shelf = TerminalText.width(of: String(scalar))
    checked += 1
    let expected: Int
    switch exception(for: scalar) {
    case .control?: expected = 1
    case .loneMark?: expected = 1
    case .emojiModifier?, .softHyphen?: expected = 0
    case nil: expected = max(libc, 0)  // not printable (-1): no glyph at all
    }
    if (shelf != expected || TerminalText.libcWidth(of: scalar) != libc) && mismatches.count < 20 {
      mismatches.append("U+\(String(value, radix: 16, uppercase: true)): \(shelf), wcwidth \(libc)")
    }
  }
  #expect(mismatches.isEmpty)
  // Every scalar of the slice: all its code points but the surrogates.
  #expect(checked == slice.count - slice.clamped(to: 0xD800..<0xE000).count)
}

@Test func theSlicesCoverEveryCodePointAndEachExceptionIsMet() {
  #expect(slices.first?.lowerBound == 0 && slices.last?.upperBound == 0x110000)
  #expect(zip(slices, slices.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
  var excepted: [Exception: Int] = [:]
  for value in 0...0x10FFFF as ClosedRange<UInt32> {
    if let scalar = Unicode.Scalar(value), let reason = exception(for: scalar) {
      excepted[reason, default: 0] += 1
    }
  }
  #expect(excepted[.control] == 65)
  #expect(excepted[.emojiModifier] == 5)
  #expect(excepted[.softHyphen] == 1)
  #expect((excepted[.loneMark] ?? 0) > 1500)
}

@Test func scalarsOutsideTheOldHandTypedRangesAreWide() {
  #expect(TerminalText.width(of: "\u{17000}\u{1B000}\u{1B170}") == 6)  // Tangut, kana, Nüshu
  #expect(TerminalText.width(of: "\u{16FE0}") == 2)  // a Tangut iteration mark
}

@Test func halfwidthSoundMarksAreKeptAsTheirOwnColumn() {
  let glyphs = TerminalText.glyphs(of: "ｶﾞｷﾟ")  // two graphemes, four scalars
  #expect(glyphs.map(\.text) == ["ｶ", "ﾞ", "ｷ", "ﾟ"])
  #expect(glyphs.map(\.width) == [1, 1, 1, 1])
  #expect(TerminalText.sanitized("ｶﾞｷﾟ") == "ｶﾞｷﾟ")
}

@Test func spacingVowelSignsAndPrivateUseCharactersTakeTheirColumn() {
  // Devanagari "kaa": a consonant and a spacing vowel sign, one grapheme, two columns.
  #expect(TerminalText.glyphs(of: "\u{915}\u{93E}").map(\.text) == ["\u{915}", "\u{93E}"])
  #expect(TerminalText.width(of: "\u{915}\u{93E}\u{902}") == 2)  // a mark stays on its glyph
  #expect(TerminalText.width(of: "\u{E000}\u{F0000}") == 2)
  // Hangul jamo: the medial and final ones take no column, as wcwidth says.
  #expect(TerminalText.width(of: "\u{1100}\u{1161}\u{11A8}") == 2)
}

@Test func unassignedScalarsAndSeparatorsHaveNoGlyph() {
  #expect(TerminalText.sanitized("a\u{2028}b\u{0378}c\u{31350}") == "abc")
}
