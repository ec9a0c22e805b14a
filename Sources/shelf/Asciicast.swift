import Foundation
import ShelfTerminal
import ShelfUI

/// An asciicast v2 recording, as asciinema writes and plays it: a JSON header
/// line, then one `[seconds, "o", bytes]` line per output event.
struct Asciicast {
  /// The recording so far, lines ending in a newline.
  private(set) var text: String
  /// Turns each frame into the bytes a terminal would receive.
  private var writer: ANSIWriter
  /// The time of the last event, in milliseconds.
  private var lastTime: UInt64 = 0

  /// A recording of a `size` screen drawn with `colorMode`'s colours, in
  /// `theme` (a `#rrggbb` as the nearest of 256, as the header's terminal shows).
  init(
    size: Size, colorMode: ColorMode, theme: ThemeSettings = ThemeSettings(),
    environment: [String: String]
  ) {
    let isNoColorSet = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
    let hasColor = colorMode == .always || (colorMode == .auto && !isNoColorSet)
    writer = theme.writer(depth: hasColor ? .palette256 : .monochrome)
    // SOURCE_DATE_EPOCH makes a recording reproducible, as for other build outputs.
    let timestamp =
      environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) } ?? Int(Date().timeIntervalSince1970)
    text =
      #"{"version": 2, "width": \#(size.width), "height": \#(size.height), "#
      + #""timestamp": \#(timestamp), "env": {"TERM": "xterm-256color"}}"# + "\n"
  }

  /// Adds the frame shown at `milliseconds`, as the bytes that change the
  /// screen from the last frame; nothing when nothing changed.
  mutating func add(_ canvas: Canvas, at milliseconds: UInt64) {
    let bytes = writer.update(to: canvas)
    guard !bytes.isEmpty else { return }
    lastTime = max(lastTime, milliseconds)
    let seconds = "\(lastTime / 1000).\(String(lastTime % 1000 + 1000).dropFirst())"
    text += "[\(seconds), \"o\", \(Self.jsonString(bytes))]\n"
  }

  /// Ends the recording at `milliseconds`: an event with no output then, so
  /// a player plays the quiet time after the last change too (a cast would
  /// otherwise end at its last frame, however long the run was).
  mutating func end(at milliseconds: UInt64) {
    guard milliseconds > lastTime else { return }
    lastTime = milliseconds
    let seconds = "\(lastTime / 1000).\(String(lastTime % 1000 + 1000).dropFirst())"
    text += "[\(seconds), \"o\", \"\"]\n"
  }

  /// `string` as a JSON string literal; control characters as `\u` escapes.
  static func jsonString(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
