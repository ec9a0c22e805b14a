import ShelfUI

/// The keys `shelf record --keys` types, each at its time: a character is a
/// key, `<name>` names one (`<down>`, `<enter>`, `<lt>` for `<`), and `<2s>` or
/// `<300ms>` waits that long before the next key.
struct KeyScript: Equatable, Sendable {
  /// A key and when it is typed, in milliseconds from the start.
  struct Press: Equatable, Sendable {
    var time: UInt64
    var key: Key
  }

  /// Why a script was refused.
  struct SyntaxError: Error, CustomStringConvertible {
    let description: String
  }

  /// The time between two keys, and before the first.
  static let keyInterval: UInt64 = 500

  /// The keys in the order they are typed.
  private(set) var presses: [Press] = []

  /// No keys.
  init() {}

  /// The keys `script` spells.
  init(_ script: String) throws(SyntaxError) {
    var time: UInt64 = 0
    var rest = Substring(script)
    while let first = rest.first {
      rest.removeFirst()
      guard first == "<" else {
        time += Self.keyInterval
        presses.append(Press(time: time, key: Self.key(for: first)))
        continue
      }
      guard let close = rest.firstIndex(of: ">") else {
        throw SyntaxError(description: "'<' opens a key name that never closes (type <lt> for '<')")
      }
      let name = String(rest[..<close])
      rest = rest[rest.index(after: close)...]
      if let pause = Self.pause(name) {
        time += pause
      } else if let key = Self.namedKeys[name.lowercased()] {
        time += Self.keyInterval
        presses.append(Press(time: time, key: key))
      } else {
        let names = Self.namedKeys.keys.sorted().joined(separator: ", ")
        throw SyntaxError(
          description:
            "unknown key <\(TerminalText.sanitized(name))>: a key is one of \(names), or a pause like <2s>"
        )
      }
    }
  }

  private static func key(for character: Character) -> Key {
    switch character {
    case "\n", "\r": return .enter
    case "\t": return .tab
    case "\u{1B}": return .escape
    default: return .character(character)
    }
  }

  private static let namedKeys: [String: Key] = [
    "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
    "pgup": .pageUp, "pgdn": .pageDown, "enter": .enter, "esc": .escape,
    "space": .character(" "), "tab": .tab, "bs": .backspace, "lt": .character("<"),
  ]

  /// Milliseconds for `2s`, `1.5s` or `300ms`; nil for anything else.
  private static func pause(_ name: String) -> UInt64? {
    let (number, scale): (Substring, Double)
    if name.hasSuffix("ms") {
      (number, scale) = (name.dropLast(2), 1)
    } else if name.hasSuffix("s") {
      (number, scale) = (name.dropLast(), 1000)
    } else {
      return nil
    }
    guard let value = Double(number), value >= 0, value * scale <= 3_600_000 else { return nil }
    return UInt64((value * scale).rounded())
  }
}
