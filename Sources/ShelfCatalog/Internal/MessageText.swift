/// Text from data, made safe to print in a one-line message on a terminal.
package enum MessageText {
  /// Whether `scalar` could move the cursor, change colours or reorder text.
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return true }
    // Bidi controls, zero-width and other invisible format characters.
    return scalar.properties.generalCategory == .format
      || scalar.properties.generalCategory == .lineSeparator
      || scalar.properties.generalCategory == .paragraphSeparator
  }

  /// `text` with every unsafe scalar written as `\u{XX}`.
  package static func safe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` in double quotes, escaped as `safe(_:)` does, with quotes and
  /// backslashes escaped; long text is cut to `limit` characters with an ellipsis.
  package static func quoted(_ text: String, limit: Int = 80) -> String {
    var body = text.count > limit ? String(text.prefix(limit)) + "…" : text
    body = body.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
    return "\"" + safe(body) + "\""
  }

  /// `U+201C`: how a non-ASCII scalar is named in a message.
  package static func codePoint(_ value: UInt32) -> String {
    let hex = String(value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// `5` or `4.5`: a limit as written in a catalog.
  package static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
  }

  /// `256 MiB`, `64 KiB` or `100 bytes`.
  package static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 20 {
      let tenths = (bytes * 10 + (1 << 19)) >> 20
      return "\(tenths / 10).\(tenths % 10) MiB"
    }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }

  /// `url` with the password of its user information written `***`
  /// (`https://ann:***@example.com/x`), as every message shows a URL.
  package static func withoutPassword(_ url: String) -> String {
    guard let schemeEnd = url.range(of: "://") else { return url }
    let authority = url[schemeEnd.upperBound...].prefix { !"/?#".contains($0) }
    guard let at = authority.lastIndex(of: "@"),
      let colon = authority[..<at].firstIndex(of: ":")
    else { return url }
    return String(url[..<authority.index(after: colon)]) + "***" + String(url[at...])
  }
}
