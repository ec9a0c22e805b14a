import Foundation
import TestSupport
import Testing

/// `--preview COMMAND`: the focused card's output in a pane beside the cards.
@Suite(.serialized) struct Preview {
  /// One command that does, by card, what the pane must cope with: Emma's
  /// prints colours, a screen-clearing sequence and 10 MB; Middlemarch's
  /// fails; Dracula's never ends (until the focus moves on).
  static let command =
    #"case {id} in emma) printf '\033[31mred\033[0m \033[2Jcleared\n'; "#
    + #"yes 0123456789abcdef | head -c 10000000;; middlemarch) echo half; "#
    + #"echo first >&2; echo it broke >&2; exit 3;; "#
    + #"dracula) echo slow {id}; exec sleep 86391;; *) echo slow {id}; exec sleep 86392;; esac"#

  /// Whether a process with `text` in its command line runs.
  private func isRunning(_ text: String) -> Bool {
    guard let folders = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else {
      return false
    }
    return folders.contains { folder in
      guard Int(folder) != nil,
        let line = FileManager.default.contents(atPath: "/proc/\(folder)/cmdline")
      else { return false }
      return String(decoding: line, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
        .hasPrefix(text)
    }
  }

  @Test func thePaneShowsColoursBoundsOutputShowsFailuresAndKillsWhatTheFocusLeft() throws {
    let session = try TmuxSession(width: 150, height: 30)
    defer { session.close() }
    try session.startShelf(
      "--no-live --catalog \(fixtures)/small.json --preview \"\(Self.command)\"")
    // Colours kept, the clearing sequence shown as text, 10 MB cut at 5,000 lines.
    session.expectScreen(containing: "red ␛[2Jcleared")
    session.expectScreen(containing: "1–28 / 5001")
    #expect(session.styledScreen().contains("\u{1B}[31mred"))
    try session.send("P", "End")
    session.expectScreen(containing: "… cut at 5000 lines or 1 MiB")
    try session.send("P")
    // A failing command: its last error line, then what it printed.
    try session.send("l")
    session.expectScreen(containing: "│it broke")
    session.expectScreen(containing: "│half")
    // A command still running when the focus moves on is killed.
    try session.send("l")
    session.expectScreen(containing: "slow dracula")
    // The shell prints before it becomes the sleep: wait for that.
    #expect(blockingPollUntil { isRunning("sleep 86391") })
    try session.send("l")
    session.expectScreen(containing: "slow ivanhoe")
    #expect(
      blockingPollUntil { !isRunning("sleep 86391") },
      "the preview of a card the focus left still runs")
    #expect(blockingPollUntil { isRunning("sleep 86392") })
    try session.quitAndExpectRestored()
    #expect(!isRunning("sleep 86392"), "a preview outlived the app")
  }
}
