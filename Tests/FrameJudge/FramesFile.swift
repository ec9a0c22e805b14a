import Foundation
import FrameRules

/// The screens `frames.py` saw, as JSON lines: a header, then one frame a line.
///
/// The header: `{"size": [W, H], "bytes": N, "quit": T|null, "phase": T,
/// "exit": STATUS|null, "exit_note": TEXT|null, "live": BOOL, "notes": [...],
/// "unknown_sequences": {...}, "unknown_text": TEXT|null, "compare_tmux": BOOL,
/// "tmux_mismatch": [...]|null, "catalog_rows": {ROW: [CARD, ...]}}`: the
/// recording's size and bytes, when the app was told to quit, when the timed
/// phase began (changes from then on are read for motion), the app's exit
/// status (or why there is none), whether the app ran live (not a replay),
/// what went wrong with the run, the sequences the emulator ignored, the
/// comparison of the last frame with tmux, and the catalog's rows when known.
///
/// A frame: `{"t": SECONDS, "n": BYTES, "lines": [...], "styles": [...],
/// "palette": [[FOREGROUND, ATTRIBUTES], ...]}`. Each line is a string of one
/// code point a cell, U+0000 for the right half of a wide character (or,
/// when a cell holds more than one code point, an array of cell strings).
/// Each line's styles are a string of one code point a cell: U+0100 plus the
/// index of the cell's style in the palette.
struct FramesFile {
  struct Header {
    var bytes = 0
    var quit: Double?
    var phase = 0.0
    var exit: Int?
    var exitNote: String?
    var live = false
    var notes: [String] = []
    var unknownSequences: Any = [String: Int]()
    var unknownText: String?
    var compareTmux = false
    var tmuxMismatch: [Any]?
    var catalogRows: [String: Set<String>] = [:]
  }

  struct Recorded {
    var frame: Frame
    var bytes: Int
  }

  enum Failure: Error, CustomStringConvertible {
    case malformed(line: Int)
    var description: String {
      switch self {
      case .malformed(let line): "line \(line) is not a frames.py record"
      }
    }
  }

  var header = Header()
  var frames: [Recorded] = []

  init(path: String) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    for (number, line) in text.split(separator: "\n").enumerated() {
      guard
        let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      else { throw Failure.malformed(line: number + 1) }
      if number == 0 {
        header = Self.header(object)
      } else {
        guard let frame = Self.frame(object) else { throw Failure.malformed(line: number + 1) }
        frames.append(frame)
      }
    }
  }

  private static func header(_ object: [String: Any]) -> Header {
    var header = Header()
    header.bytes = object["bytes"] as? Int ?? 0
    header.quit = object["quit"] as? Double
    header.phase = object["phase"] as? Double ?? 0
    header.exit = object["exit"] as? Int
    header.exitNote = object["exit_note"] as? String
    header.live = object["live"] as? Bool ?? false
    header.notes = object["notes"] as? [String] ?? []
    header.unknownSequences = object["unknown_sequences"] ?? [String: Int]()
    header.unknownText = object["unknown_text"] as? String
    header.compareTmux = object["compare_tmux"] as? Bool ?? false
    header.tmuxMismatch = object["tmux_mismatch"] as? [Any]
    for (row, cards) in object["catalog_rows"] as? [String: [String]] ?? [:] {
      header.catalogRows[row] = Set(cards)
    }
    return header
  }

  private static func frame(_ object: [String: Any]) -> Recorded? {
    guard let lines = object["lines"] as? [Any] else { return nil }
    let cells = lines.map { line -> [String] in
      let cells =
        (line as? String).map { $0.unicodeScalars.map { String($0) } } ?? (line as? [String] ?? [])
      return cells.map { $0 == "\u{0}" ? "" : $0 }
    }
    let styles = (object["styles"] as? [String] ?? []).map { line in
      line.unicodeScalars.map { Int($0.value) - 0x100 }
    }
    let palette = (object["palette"] as? [[String]] ?? []).map {
      CellStyle(foreground: $0.first ?? "", attributes: $0.dropFirst().joined(separator: " "))
    }
    let time = (object["t"] as? Double) ?? Double(object["t"] as? Int ?? 0)
    return Recorded(
      frame: Frame(cells: cells, styles: styles, palette: palette, time: time),
      bytes: object["n"] as? Int ?? 0)
  }
}
