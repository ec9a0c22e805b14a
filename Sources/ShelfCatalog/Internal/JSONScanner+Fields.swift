extension JSONScanner {
  /// Scans the value at the current position, the member whose key's
  /// opening quote is at `keyOffset`, as a card's field: nil for `null`.
  mutating func field(keyAt keyOffset: Int) throws(ParseFailure) -> CardField? {
    guard let value = try valueText() else { return nil }
    return CardField(name: keyName(at: keyOffset), value: value)
  }

  /// Scans one value and gives it as text (`CardField` says how); nil for `null`.
  mutating func valueText() throws(ParseFailure) -> String? {
    let start = position
    switch peek {
    case .quote:
      // Scanned first: `string(try scanString())` would read the scratch
      // buffer, where escapes are decoded, as it was before the scan.
      let span = try scanString()
      return string(span)
    case UInt8(ascii: "n"):
      try scanLiteral()
      return nil
    case .openBracket:
      var parts: [String] = []
      guard try beginArray() else { return "" }
      repeat {
        do {
          if let part = try valueText() { parts.append(part) }
        } catch {
          throw error.adding(.index(parts.count))
        }
      } while try nextElement()
      return parts.joined(separator: ", ")
    default:
      // A number, `true`, `false` or an object: its JSON text as written.
      try skipValue()
    }
    return String(
      decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
  }
}
