import Testing

@testable import ShelfTerminal

@Test(arguments: [
  ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
  ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"), ("日本", "5pel5pys"),
])
func base64MatchesTheStandardVectors(text: String, encoded: String) {
  #expect(String(decoding: Clipboard.base64(Array(text.utf8)), as: UTF8.self) == encoded)
}

@Test func theSequenceIsOSC52ForTheClipboardEndedByBEL() {
  let bytes = Clipboard.sequence(copying: "id\u{1B}")
  #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}]52;c;aWQb\u{07}")
}
