import Foundation
import ShelfCatalog
import Testing

/// Scalars that must never reach JSON output raw, one per kind, with the
/// escape expected for each.
private let hostile: [(scalar: String, escape: String)] = [
  ("\u{0}", #"\u0000"#), ("\u{7}", #"\u0007"#), ("\u{1B}", #"\u001b"#), ("\u{7F}", #"\u007f"#),
  ("\u{80}", #"\u0080"#), ("\u{85}", #"\u0085"#), ("\u{9B}", #"\u009b"#), ("\u{9F}", #"\u009f"#),
  ("\u{AD}", #"\u00ad"#), ("\u{34F}", #"\u034f"#), ("\u{61C}", #"\u061c"#),
  ("\u{200B}", #"\u200b"#), ("\u{200C}", #"\u200c"#), ("\u{200D}", #"\u200d"#),
  ("\u{200E}", #"\u200e"#), ("\u{200F}", #"\u200f"#), ("\u{2028}", #"\u2028"#),
  ("\u{2029}", #"\u2029"#), ("\u{202A}", #"\u202a"#), ("\u{202B}", #"\u202b"#),
  ("\u{202C}", #"\u202c"#), ("\u{202D}", #"\u202d"#), ("\u{202E}", #"\u202e"#),
  ("\u{2060}", #"\u2060"#), ("\u{2066}", #"\u2066"#), ("\u{2067}", #"\u2067"#),
  ("\u{2068}", #"\u2068"#), ("\u{2069}", #"\u2069"#), ("\u{FE0F}", #"\ufe0f"#),
  ("\u{FEFF}", #"\ufeff"#), ("\u{E0041}", #"\udb40\udc41"#),
]

@Test(arguments: hostile)
func everyControlBidiAndInvisibleScalarIsEscaped(scalar: String, escape: String) {
  #expect(JSONText.quoted("a" + scalar + "b") == "\"a" + escape + "b\"")
}

@Test func visibleTextStaysAsItIs() {
  let text = "Ünïcödé 日本 😀 👩‍🔬 ❤ a/b <i> ©"
  // The ZWJ inside the emoji sequence is invisible too: it is escaped.
  #expect(
    JSONText.quoted(text) == #""Ünïcödé 日本 😀 👩\u200d🔬 ❤ a/b <i> ©""#)
  #expect(JSONText.quoted("say \"hi\"\\\n\t") == #""say \"hi\"\\\n\t""#)
}

/// The ids of a diff, hostile ones included, come out as JSON that holds no
/// control or invisible scalar raw, byte by byte, and that a JSON reader
/// reads back to the very same ids.
@Test func aDiffOfHostileIDsIsValidJSONWithNothingRaw() throws {
  let ids = hostile.map { "id" + $0.scalar + "x" }
  let old = Catalog(title: "T", sections: [Section(id: "s", rows: [])])
  let new = Catalog(
    title: "T",
    sections: [
      Section(
        id: "s",
        rows: ids.map { Row(id: $0, title: "row", items: [Card(id: $0, title: "card")]) })
    ])
  let json = CatalogDiff(from: old, to: new).json
  let bytes = Array(json.utf8)
  #expect(bytes.allSatisfy { (0x20..<0x7F).contains($0) || $0 == 0x0A })
  for (scalar, escape) in hostile {
    #expect(json.contains("\"id" + escape + "x\""))
    #expect(!json.unicodeScalars.contains(scalar.unicodeScalars.first!))
  }
  let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
  let rows = object?["rows"] as? [String: [String]]
  #expect(rows?["inserted"] == ids)
}

/// What the encoder escapes, the loader reads back unchanged.
@Test func encodedHostileTextLoadsBackEqual() throws {
  let text = hostile.map(\.scalar).joined()
  let catalog = Catalog(
    title: text,
    sections: [
      Section(
        id: "s" + text, title: text,
        rows: [Row(id: text, title: text, items: [Card(id: text, title: text, summary: text)])])
    ])
  let json = CatalogEncoder.json(catalog)
  #expect(json.utf8.allSatisfy { (0x20..<0x7F).contains($0) })
  #expect(try CatalogLoader.load(json: json).catalog == catalog)
}
