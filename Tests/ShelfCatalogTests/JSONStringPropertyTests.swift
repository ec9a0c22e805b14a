import PropertyBased
import ShelfCatalog
import TestSupport
import Testing

// Properties of the scanner's string fast paths (eight bytes at a time, with
// scalar fallbacks for escapes and non-ASCII): every string is placed at
// every alignment of a word, so its start, its end and each special byte in
// it fall on every lane and across word boundaries, and every escape form
// and invalid UTF-8 sequence is tried at every offset. The expected text is
// built independently, scalar by scalar.

/// One piece of a string: its JSON source and the text it decodes to.
private struct Piece {
  var source: [UInt8]
  var text: String
}

/// Every escape JSON has, as source and decoded text.
private let escapes: [Piece] = [
  Piece(source: Array(#"\""#.utf8), text: "\""),
  Piece(source: Array(#"\\"#.utf8), text: "\\"),
  Piece(source: Array(#"\/"#.utf8), text: "/"),
  Piece(source: Array(#"\b"#.utf8), text: "\u{08}"),
  Piece(source: Array(#"\f"#.utf8), text: "\u{0C}"),
  Piece(source: Array(#"\n"#.utf8), text: "\n"),
  Piece(source: Array(#"\r"#.utf8), text: "\r"),
  Piece(source: Array(#"\t"#.utf8), text: "\t"),
  Piece(source: Array(#"\u0041"#.utf8), text: "A"),
  Piece(source: Array(#"\u00e9"#.utf8), text: "é"),
  Piece(source: Array(#"\u00E9"#.utf8), text: "é"),
  Piece(source: Array(#"\u0000"#.utf8), text: "\u{0}"),
  Piece(source: Array(#"\u001f"#.utf8), text: "\u{1F}"),
  Piece(source: Array(#"\u20AC"#.utf8), text: "€"),
  Piece(source: Array(#"\uFFFF"#.utf8), text: "\u{FFFF}"),
  Piece(source: Array(#"\ud83d\ude00"#.utf8), text: "😀"),
  Piece(source: Array(#"\uDBFF\uDFFF"#.utf8), text: "\u{10FFFF}"),
]

/// Raw text of every UTF-8 length, and the ASCII bytes next to the special ones.
private let rawPieces: [Piece] =
  [
    "a", "Z", " ", "!", "#", "[", "]", "{", "}", ":", ",", "~", "\u{7F}", "é", "ß", "€", "日", "😀",
    "\u{10FFFF}", "\u{E000}",
  ]
  .map { Piece(source: Array($0.utf8), text: $0) }

/// A catalog whose one card has `title` (JSON source, without quotes) as its
/// title, `padding` bytes into the document past a word boundary.
private func document(title: [UInt8], padding: Int) -> [UInt8] {
  Array(#"{"rows":[{"id":"r","title":"#.utf8) + [UInt8(ascii: "\"")]
    + Array(repeating: UInt8(ascii: "p"), count: padding) + [UInt8(ascii: "\"")]
    + Array(#","items":[{"id":"c","title":""#.utf8) + title + Array(#""}]}]}"#.utf8)
}

private func load(_ bytes: [UInt8], threads: Int) throws(CatalogError) -> LoadedCatalog {
  try bytes.withUnsafeBufferPointer { buffer throws(CatalogError) in
    try CatalogLoader.load(buffer: buffer, source: .named("s"), limits: .default, threads: threads)
  }
}

@Test func stringsOfEveryPieceDecodeAtEveryAlignment() async throws {
  await propertyCheck(count: 24, input: Gen.draws(256)) { draws in
    var random = draws
    for _ in 0..<12 {
      var source: [UInt8] = []
      var text = ""
      // Lengths from empty to a few words, mostly plain runs between specials.
      for _ in 0..<Int.random(in: 0...10, using: &random) {
        let piece: Piece
        switch Int.random(in: 0..<4, using: &random) {
        case 0: piece = escapes.randomElement(using: &random)!
        case 1: piece = rawPieces.randomElement(using: &random)!
        default:
          let run = String(repeating: "x", count: Int.random(in: 1...17, using: &random))
          piece = Piece(source: Array(run.utf8), text: run)
        }
        source += piece.source
        text += piece.text
      }
      for padding in 0..<16 {
        let bytes = document(title: source, padding: padding)
        for threads in [1, 3] {
          let loaded = try load(bytes, threads: threads)
          let title = loaded.catalog.rows.first?.items.first?.title
          #expect(title == text, "padding \(padding), threads \(threads): \(bytes)")
          #expect(title.map { Array($0.utf8) } == Array(text.utf8))
        }
      }
    }
  }
}

@Test func everyEscapeDecodesAtEveryOffsetOfALongString() throws {
  for escape in escapes {
    for offset in 0..<20 {
      let before = String(repeating: "a", count: offset)
      let after = String(repeating: "b", count: 19 - offset)
      let source = Array(before.utf8) + escape.source + Array(after.utf8)
      for padding in 0..<8 {
        let loaded = try load(document(title: source, padding: padding), threads: 1)
        #expect(loaded.catalog.rows[0].items[0].title == before + escape.text + after)
      }
    }
  }
}

/// Sequences that are not UTF-8: a stray continuation byte, bytes never used,
/// overlong forms, a UTF-16 surrogate, a value past U+10FFFF, sequences cut
/// short (followed by ASCII, or by the closing quote).
private let invalidSequences: [[UInt8]] = [
  [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0x81], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xFE],
  [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x80, 0x80, 0xAF], [0xF4, 0x90, 0x80, 0x80],
  [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC3, 0x28], [0xE2, 0x28, 0xA1],
]

@Test func invalidUTF8IsFoundAtEveryOffsetWithItsColumn() throws {
  for bad in invalidSequences {
    for offset in 0..<20 {
      // A non-ASCII character before the bad bytes now and then: the column counts characters.
      let before =
        offset % 5 == 4
        ? "é" + String(repeating: "a", count: offset)
        : String(
          repeating: "a", count: offset)
      for tail in ["", "bcdefghijklmnop"] {
        let title = Array(before.utf8) + bad + Array(tail.utf8)
        for padding in [0, 3, 6] {
          let bytes = document(title: title, padding: padding)
          let prefix = document(title: [], padding: padding).count - #""}]}]}"#.utf8.count
          for threads in [1, 3] {
            do {
              _ = try load(bytes, threads: threads)
              Issue.record("accepted \(bad) at \(offset)")
            } catch {
              #expect(error.kind == .invalidUTF8, "\(bad) at \(offset): \(error)")
              #expect(error.column == prefix + before.count + 1, "\(bad) at \(offset): \(error)")
              #expect(error.path == "rows[0].items[0].title")
            }
          }
        }
      }
    }
  }
}

@Test func controlBytesAreRefusedAtEveryOffset() throws {
  for control: UInt8 in [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1B, 0x1F] {
    for offset in 0..<20 {
      let title = Array(repeating: UInt8(ascii: "a"), count: offset) + [control] + Array("bc".utf8)
      do {
        _ = try load(document(title: title, padding: offset % 8), threads: 1)
        Issue.record("accepted the control byte \(control) at \(offset)")
      } catch {
        #expect(error.kind == .malformedJSON)
        #expect(error.problem.hasSuffix("inside a string (escape it)"), "\(error)")
      }
    }
  }
}

@Test func unterminatedStringsAndEscapesFailAtEveryLength() throws {
  for length in 0..<20 {
    let body = Array(repeating: UInt8(ascii: "a"), count: length)
    let prefix = Array(#"{"rows":[{"id":"r","title":""#.utf8)
    for tail: [UInt8] in [[], [UInt8(ascii: "\\")], Array(#"\u00"#.utf8), Array(#"\ud83d"#.utf8)] {
      let bytes = prefix + body + tail
      #expect(throws: CatalogError.self) { _ = try load(bytes, threads: 1) }
      #expect(throws: CatalogError.self) { _ = try load(bytes, threads: 3) }
    }
  }
}

/// Keys as a catalog could spell them: plain, escaped (`\u0069d` is `id`),
/// with white space before the colon, unknown ones of every length around a
/// word's eight bytes, with non-ASCII, each at every alignment.
@Test func keysAreMatchedHoweverTheyAreSpelledAndWhereverTheyFall() throws {
  let spellings: [(id: String, title: String, year: String)] = [
    (#""id""#, #""title""#, #""year""#),
    (#""\u0069d""#, #""titl\u0065""#, #""\u0079ear""#),
    (#""id" "#, #""title"  "#, "\"year\"\n"),
    (#""i\u0064""#, #""tit\u006Ce""#, #""ye\u0061r""#),
  ]
  let unknown = (0...12).map { String(repeating: "k", count: $0) } + ["ké", "日本", "k\\\"k", "idx"]
  for (index, spelling) in spellings.enumerated() {
    for extra in unknown {
      for padding in 0..<9 {
        let card =
          "{\(spelling.id):\"c\",\"\(extra)\":[1,{\"id\":2}],\(spelling.title):\"T\",\(spelling.year):1999}"
        let json =
          #"{"rows":[{"id":"r","title":"\#(String(repeating: "p", count: padding))","items":[\#(card)]}]}"#
        let loaded = try load(Array(json.utf8), threads: 1)
        let loadedCard = loaded.catalog.rows[0].items[0]
        // The unknown member is kept, its key decoded (`k\"k` is `k"k`).
        let kept = CardField(
          name: extra.replacingOccurrences(of: "\\\"", with: "\""), value: #"1, {"id":2}"#)
        #expect(
          loadedCard == Card(id: "c", title: "T", year: 1999, fields: [kept]),
          "spelling \(index), extra key \(extra), padding \(padding)")
      }
    }
  }
  // A key cut short at the end of the input, at every length.
  for length in 0..<12 {
    let json =
      #"{"rows":[{"#.utf8 + [UInt8(ascii: "\"")]
      + Array(repeating: UInt8(ascii: "i"), count: length)
    #expect(throws: CatalogError.self) { _ = try load(Array(json), threads: 1) }
  }
}
