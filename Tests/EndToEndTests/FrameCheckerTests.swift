import Foundation
import TestSupport
import Testing

extension InTmux {
  /// The frame checker itself (`Support/frames.py` recording, `frame-judge`
  /// judging): it must flag exactly the frames a person would call broken,
  /// and see what a terminal shows.
  @Suite struct FrameChecker {
    /// One synchronized update that paints `lines` from the top-left corner.
    private func frame(_ lines: [String]) -> String {
      var text = "\u{1B}[?2026h\u{1B}[H\u{1B}[2J"
      for (y, line) in lines.enumerated() {
        text += "\u{1B}[\(y + 1);1H" + line
      }
      return text + "\u{1B}[?2026l"
    }

    /// The index of the title line of the row titled `title` (the focused one has `▸`).
    private func titleLine(_ title: String, in lines: [String]) throws -> Int {
      try #require(lines.firstIndex { $0.hasPrefix(" \(title)") || $0.hasPrefix("▸\(title)") })
    }

    /// A stream of six frames of the small catalog: a good one, then one with a row's
    /// title between another row's cards, one with the focused card cut, one with a
    /// hole of 8 blank lines, one with two row titles swapped, and a last one (at
    /// rest) that starts with the bottom of a row.
    private func brokenStream() throws -> (URL, [String]) {
      let render = try runShelf([
        "render", "--catalog", "\(fixtures)/small.json", "--width", "120", "--height", "40",
      ])
      #expect(render.status == 0)
      let good = render.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        .prefix(40).map(String.init)
      try #require(good.count == 40)
      let novels = try titleLine("Novels", in: good)
      let films = try titleLine("Films", in: good)
      let poetry = try titleLine("Poetry", in: good)
      let blank = String(repeating: " ", count: 120)
      let block = { (start: Int) in Array(good[start..<start + 6]) }
      let (f, p) = (block(films), block(poetry))

      var interleaved = good
      interleaved.replaceSubrange(
        films..<poetry + 6, with: f[0...2] + [p[0]] + f[3...5] + p[1...5])
      var cutFocus = good
      cutFocus[novels + 5] = blank
      // The body's last lines are blank: what is pushed below line 38 is blank.
      let footer = good[39]
      let padded = { (lines: [String]) in
        Array((lines + Array(repeating: blank, count: 39)).prefix(39)) + [footer]
      }
      let hole = padded(
        Array(good[..<poetry]) + Array(repeating: blank, count: 8) + good[poetry...])
      var swapped = good
      swapped.swapAt(films, poetry)
      let slice = padded(
        [good[0]] + f[3...5] + good[1..<films] + good[(films + 6)..<39])

      let frames = [good, interleaved, cutFocus, hole, swapped, slice]
      for lines in frames { try #require(lines.count == 40) }
      let file = FileManager.default.temporaryDirectory.appendingPathComponent(
        "shelf-frames-\(UUID().uuidString.prefix(8)).bin")
      try Data(frames.map(frame).joined().utf8).write(to: file)
      return (file, good)
    }

    @Test func flagsExactlyTheBrokenFramesOfAStream() throws {
      let (file, _) = try brokenStream()
      defer { try? FileManager.default.removeItem(at: file) }
      let (status, report) = try runFrameCheck(["--replay", file.path, "--compare-tmux"])
      #expect(status == 1, "a failed check exits 1")
      #expect(report.frames == 6)
      #expect(report.checks["blocks"] == [1], "\(report.summary)")
      #expect(report.checks["focus"] == [2], "\(report.summary)")
      #expect(report.checks["holes"] == [3], "\(report.summary)")
      #expect(report.checks["rest"] == [5], "\(report.summary)")
      #expect(report.bad == [1, 2, 3, 5])
      #expect(report.tmuxMismatch == nil, "pyte and tmux show the last frame differently")
    }

    @Test func knowingTheCatalogItFlagsATitleAboveAnotherRowsCards() throws {
      let (file, _) = try brokenStream()
      defer { try? FileManager.default.removeItem(at: file) }
      let (_, report) = try runFrameCheck([
        "--replay", file.path, "--watch-sequence", "\(fixtures)/small.json",
      ])
      #expect(report.checks["blocks"] == [1, 4], "\(report.summary)")
    }

    @Test func aStillScreenBrowsedWithKeysPassesEveryCheck() throws {
      let (status, report) = try runFrameCheck([
        "--shelf", shelfBinary.path, "--seconds", "0", "--keys", "jjllkhG",
        "--", "--no-live", "--catalog", "\(fixtures)/small.json",
      ])
      #expect(status == 0, "\(report.notes)")
      #expect(report.exit == 0, "q quits with status 0")
      // A busy machine can take two keys in one go: fewer frames than keys.
      #expect(report.frames >= 2, "the keys draw frames")
      #expect(report.bad.isEmpty, "\(report.summary)")
    }
  }
}
