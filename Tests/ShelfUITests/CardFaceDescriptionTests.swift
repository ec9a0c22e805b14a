import ShelfDiff
import Testing

@testable import ShelfUI

// A card prints and mirrors its fields (not its shared storage box), so a
// failing test's message and `dump` say which card it is.

@Test func aCardDescribesTheFieldsItHas() {
  let plain = CardFace(id: "a", title: "Dune")
  #expect(String(reflecting: plain) == #"CardFace(id: "a", title: "Dune")"#)
  let full = CardFace(
    id: "b", title: "Dune \"Messiah\"", subtitle: "Frank Herbert", year: 1969, rating: 4,
    tags: ["sf"], fields: [NamedValue(name: "isbn", value: "0-399")])
  #expect(
    String(reflecting: full)
      == #"CardFace(id: "b", title: "Dune \"Messiah\"", subtitle: "Frank Herbert", year: 1969, "#
      + #"rating: 4.0, tags: ["sf"], fields: ["isbn": "0-399"])"#)
}

@Test func aCardMirrorsItsFieldsNotItsStorage() {
  let card = CardFace(id: "a", title: "Dune", year: 1965)
  let children = Mirror(reflecting: card).children
  #expect(children.compactMap(\.label).prefix(4) == ["id", "title", "subtitle", "year"])
  #expect(children.first { $0.label == "title" }?.value as? String == "Dune")
  #expect(!children.contains { $0.label == "storage" })
  var dumped = ""
  dump(card, to: &dumped)
  #expect(dumped.contains("title: \"Dune\""))
}
