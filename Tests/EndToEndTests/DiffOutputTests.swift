import Foundation
import TestSupport
import Testing

/// `shelf diff` with ids a hostile catalog could hold.
@Suite struct DiffOutput {
  /// Ids with a C0, a C1 (the one-byte CSI), DEL, bidi and zero-width
  /// scalars, as JSON escapes: the catalog file holds them so, and so must
  /// the output.
  static let hostileIDs: [String] = [
    #"esc\u001b[31m"#, #"csi\u009b31m"#, #"nel\u0085"#, #"del\u007f"#, #"rlo\u202eabc"#,
    #"lri\u2066x\u2069"#, #"alm\u061c"#, #"lrm\u200e\u200f"#, #"zw\u200b\u200c\u200d\u2060"#,
    #"bom\ufeff"#, #"ls\u2028"#,
  ]

  @Test func hostileIDsComeOutEscapedByteByByteAndReadBackTheSame() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-diff-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let rows = Self.hostileIDs.map { #"{"id": "\#($0)", "title": "t", "items": []}"# }
    let old = folder.appendingPathComponent("old.json")
    let new = folder.appendingPathComponent("new.json")
    try Data(#"{"rows": []}"#.utf8).write(to: old)
    try Data(#"{"rows": [\#(rows.joined(separator: ", "))]}"#.utf8).write(to: new)

    let result = try runShelf(["diff", old.path, new.path])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let bytes = Array(result.standardOutput.utf8)
    // Nothing but printable ASCII and line ends: no ESC, no C1, no bidi or
    // zero-width scalar in any encoding.
    let raw = bytes.enumerated().filter {
      !(0x20..<0x7F).contains($0.element) && $0.element != 0x0A
    }
    #expect(raw.isEmpty, "raw bytes at \(raw.map(\.offset))")
    let inserted = Self.hostileIDs.map { "\"\($0)\"" }.joined(separator: ", ")
    #expect(result.standardOutput.contains(#""rows": {"inserted": [\#(inserted)], "#))

    let parsed = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    let expected = try Self.hostileIDs.map { id in
      try #require(
        JSONSerialization.jsonObject(with: Data("\"\(id)\"".utf8), options: .fragmentsAllowed)
          as? String)
    }
    #expect((parsed?["rows"] as? [String: [String]])?["inserted"] == expected)
  }
}
