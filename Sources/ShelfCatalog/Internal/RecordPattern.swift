/// A `--pattern`: a regular expression whose named groups are a line's fields.
struct RecordPattern {
  let regex: Regex<AnyRegexOutput>
  /// The groups' names, in the pattern's order.
  let names: [String]

  init(_ pattern: String) throws {
    regex = try Regex(pattern)
    names = Self.groupNames(in: pattern)
  }

  /// The fields of `line`, one per named group that took part in the
  /// match, or nil when the pattern does not match the whole line.
  func fields(of line: String) -> [CardField]? {
    guard let match = try? regex.wholeMatch(in: line) else { return nil }
    var fields: [CardField] = []
    fields.reserveCapacity(names.count)
    for name in names {
      guard let capture = match.output[name], let substring = capture.substring else { continue }
      fields.append(CardField(name: name, value: String(substring)))
    }
    return fields
  }

  /// The names of `(?<name>…)` and `(?P<name>…)` groups in `pattern`, in order
  /// (a lookbehind `(?<=` or `(?<!` is not a group; an escaped `\(` is text).
  static func groupNames(in pattern: String) -> [String] {
    var names: [String] = []
    let characters = Array(pattern)
    var index = 0
    while index < characters.count {
      if characters[index] == "\\" {
        index += 2
        continue
      }
      if characters[index] == "(", index + 2 < characters.count, characters[index + 1] == "?" {
        var start = index + 2
        if characters[start] == "P" { start += 1 }
        if start < characters.count, characters[start] == "<" {
          var end = start + 1
          while end < characters.count,
            characters[end].isLetter || characters[end].isNumber
              || characters[end] == "_"
          {
            end += 1
          }
          if end > start + 1, end < characters.count, characters[end] == ">" {
            names.append(String(characters[(start + 1)..<end]))
          }
        }
      }
      index += 1
    }
    return names
  }
}
