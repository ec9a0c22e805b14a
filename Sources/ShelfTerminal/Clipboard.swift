/// The system clipboard, reached through the terminal: OSC 52 asks the
/// terminal (or tmux with `set-clipboard`, or a terminal at the far end of
/// SSH) to copy text, so it works wherever the screen does.
package enum Clipboard {
  /// The escape sequence that puts `text` on the clipboard:
  /// `ESC ] 52 ; c ; <text in base64> BEL`.
  package static func sequence(copying text: String) -> [UInt8] {
    Array("\u{1B}]52;c;".utf8) + base64(Array(text.utf8)) + [0x07]
  }

  /// `bytes` in standard base64, padded with `=`.
  static func base64(_ bytes: [UInt8]) -> [UInt8] {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group = UInt32(bytes[index]) << 16
      if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
      if count > 2 { group |= UInt32(bytes[index + 2]) }
      for position in 0..<4 {
        if position <= count {
          output.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
        } else {
          output.append(UInt8(ascii: "="))
        }
      }
      index += 3
    }
    return output
  }
}
