/// ASCII stand-ins for the glyphs Shelf draws, for terminals whose locale is not
/// UTF-8 (`LC_ALL=C`): boxes become `+-|`, stars `*`, anything else `?`.
enum ASCIIFallback {
  /// `width` ASCII characters that stand for `text`.
  static func text(for text: String, width: Int) -> String {
    guard let scalar = text.unicodeScalars.first else { return " " }
    if scalar.value >= 0x20 && scalar.value < 0x7F { return String(scalar) }
    let character: Character
    switch scalar.value {
    case 0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576,
      0x2578, 0x257A, 0x2014, 0x2013, 0x2212, 0x2015:
      character = "-"
    case 0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577,
      0x2579, 0x257B:
      character = "|"
    case 0x2500...0x257F: character = "+"
    case 0x2580...0x259F: character = "#"
    case 0x2605, 0x25CF, 0x2022: character = "*"
    case 0x2606, 0x25CB: character = "o"
    case 0x2713: character = "x"
    case 0x2026, 0x00B7, 0x22EF: character = "."
    case 0x203A, 0x25B6, 0x25B8, 0x2192, 0x00BB: character = ">"
    case 0x2039, 0x25C0, 0x25C2, 0x2190, 0x00AB: character = "<"
    case 0x2191, 0x25B2: character = "^"
    case 0x2193, 0x25BC: character = "v"
    case 0x201C, 0x201D: character = "\""
    case 0x2018, 0x2019: character = "'"
    case 0x00A0: character = " "
    default: character = "?"
    }
    return String(repeating: character, count: max(1, width))
  }
}
