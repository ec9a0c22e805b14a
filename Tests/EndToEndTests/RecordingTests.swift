import Foundation
import Testing

/// A recording parsed: the asciicast v2 header and its output events.
private struct Cast {
  var header: [String: Any]
  var events: [(time: Double, data: String)]

  init(_ text: String) throws {
    let lines = text.split(separator: "\n")
    let first = try #require(lines.first, "an empty recording")
    header = try #require(
      try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    events = try lines.dropFirst().map { line in
      let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      #expect(event.count == 3 && event[1] as? String == "o", "not an output event: \(line)")
      return (
        try #require(event[0] as? Double), try #require(event[2] as? String, "no data: \(line)")
      )
    }
  }
}

/// `shelf frames --format asciicast` and `shelf record`: asciicast v2 files
/// asciinema plays.
@Suite struct Recordings {
  let a = "\(fixtures)/small.json"
  let b = "\(fixtures)/small-next.json"

  @Test func framesAsACastHaveOneEventPerFrameAtItsTime() throws {
    let text = try runShelf(["frames", a, b, "--width", "72", "--height", "20", "--fps", "30"])
    let frameCount = text.standardOutput.components(separatedBy: "\n\u{0C}\n").count
    let result = try runShelf(
      [
        "frames", a, b, "--width", "72", "--height", "20", "--fps", "30", "--format", "asciicast",
        "--color", "always",
      ],
      environment: ["SOURCE_DATE_EPOCH": "1700000000"])
    #expect(result.status == 0)
    #expect(result.standardError.isEmpty)
    let cast = try Cast(result.standardOutput)
    #expect(cast.header["version"] as? Int == 2)
    #expect(cast.header["width"] as? Int == 72)
    #expect(cast.header["height"] as? Int == 20)
    #expect(cast.header["timestamp"] as? Int == 1_700_000_000)
    #expect(cast.events.count == frameCount)
    let times = cast.events.map(\.time)
    #expect(times.first == 0)
    #expect(times == times.sorted())
    // 30 frames a second over the default 300 ms animation.
    #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 <= 0.034 })
    let last = try #require(times.last)
    #expect(last > 0.25 && last < 0.4)
    // Colour, as the terminal gets it: the accent is 256-colour 75.
    #expect(cast.events[0].data.contains("\u{1B}[0;38;5;75;1m"))
  }

  @Test func withoutColourACastCarriesAttributesOnly() throws {
    let result = try runShelf(["frames", a, b, "--format", "asciicast", "--color", "never"])
    let cast = try Cast(result.standardOutput)
    #expect(!cast.events.contains { $0.data.contains("38;5;") || $0.data.contains("48;5;") })
    #expect(cast.events[0].data.contains("\u{1B}[0;1m"))
  }

  @Test func asciinemaReadsTheCastAndPlaysItsBytes() throws {
    let result = try runShelf(["frames", a, b, "--format", "asciicast"])
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-\(UUID().uuidString).cast")
    try result.standardOutput.write(to: path, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: path) }
    // `asciinema cat` wants a terminal: `script` gives it one.
    let played = try spawnAndWait(
      ["/usr/bin/script", "-qec", "asciinema cat \(path.path)", "/dev/null"], capturingOutput: true)
    #expect(played.status == 0, "asciinema cat failed: \(played.output)")
    let expected = try Cast(result.standardOutput).events.map(\.data).joined()
    // The terminal turns each "\n" into "\r\n"; the frames hold no newline.
    #expect(played.output == expected)
  }

  @Test func recordRunsMinutesOfStillScreenAtOnce() throws {
    let result = try runShelf(
      ["record", "--catalog", a, "--seconds", "3600", "--width", "60", "--height", "16"],
      timeout: 20)
    #expect(result.status == 0)
    let cast = try Cast(result.standardOutput)
    #expect(cast.header["width"] as? Int == 60)
    #expect(cast.events.count == 2, "a still screen is one frame, then the end of the hour")
    #expect(cast.events.last?.time == 3600)
    #expect(cast.events.last?.data == "", "the quiet time is recorded: nothing is drawn")
  }

  @Test func recordTypesItsKeysAtTheirTimes() throws {
    let result = try runShelf([
      "record", "--catalog", a, "--seconds", "5", "--keys", "l<2s>l?<300ms><esc>",
    ])
    #expect(result.status == 0)
    let times = try Cast(result.standardOutput).events.map(\.time)
    // l at 0.5 s; a 2 s pause; l at 3 s, ? at 3.5 s, Esc 0.3 s later plus the half second.
    // (Not Enter: the card it opens slides into Recently viewed, frames of their own.)
    #expect(times == [0, 0.5, 3, 3.5, 4.3, 5], "then the quiet time to the end")
  }

  @Test func recordWritesTheFileItIsGiven() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("shelf-\(UUID().uuidString).cast")
    defer { try? FileManager.default.removeItem(at: path) }
    let result = try runShelf([
      "record", "--rate", "ludicrous", "--seed", "5", "--seconds", "2", "--output", path.path,
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.isEmpty)
    let cast = try Cast(String(contentsOf: path, encoding: .utf8))
    #expect(cast.events.count > 10, "two seconds of ludicrous updates animate")
    #expect(cast.events.allSatisfy { $0.time <= 2 })
  }

  @Test func recordIsRepeatableWithASeed() throws {
    let arguments = ["record", "--rate", "fast", "--seed", "9", "--seconds", "4"]
    let environment = ["SOURCE_DATE_EPOCH": "0"]
    let first = try runShelf(arguments, environment: environment)
    let second = try runShelf(arguments, environment: environment)
    #expect(first.status == 0)
    #expect(first.standardOutput == second.standardOutput)
  }

  @Test func recordShowsSeveralCatalogsAndTabShowsOneAlone() throws {
    let result = try runShelf([
      "record", "--catalog", a, "--catalog", "\(fixtures)/wide.json", "--seconds", "2",
      "--width", "100", "--height", "30", "--keys", "<tab>", "--color", "never",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError.isEmpty)
    let cast = try Cast(result.standardOutput)
    let first = try #require(cast.events.first).data
    // Both catalogs' sections, in the order given, under "all sources".
    #expect(first.contains("all sources"))
    let library = try #require(first.range(of: "Library"), "small.json's section")
    let wide = try #require(first.range(of: "Wide Text"), "wide.json's section")
    #expect(library.lowerBound < wide.lowerBound)
    // Tab at 0.5 s: small.json alone, named with its place among the sources.
    #expect(cast.events.contains { $0.time >= 0.5 && $0.data.contains("small.json (1/2)") })
  }

  @Test func aBadSourceFailsARecordingAsItFailsTheApp() throws {
    let missing = "/nonexistent-shelf-dir/missing.json"
    let cases: [(sources: [String], status: Int32, message: String)] = [
      (["--catalog", missing], 66, "shelf: \(missing): no such file\n"),
      (["--exec", "exit 3"], 69, "shelf: command \"exit 3\": exited with status 3\n"),
      (["--exec", "echo '{\"rows\": ['"], 65, ""),
      (["--url", "http://127.0.0.1:1/c.json"], 69, ""),
    ]
    for (sources, status, message) in cases {
      let result = try runShelf(["record"] + sources + ["--seconds", "1"])
      #expect(result.status == status, "\(sources): \(result.standardError)")
      #expect(result.standardOutput.isEmpty, "\(sources)")
      #expect(result.standardError.hasPrefix("shelf: "), "\(sources)")
      #expect(result.standardError.filter { $0 == "\n" }.count == 1, "\(sources)")
      if !message.isEmpty { #expect(result.standardError == message) }
    }
    // One source failing among others: recorded without it, and named.
    let some = try runShelf([
      "record", "--catalog", missing, "--catalog", a, "--seconds", "1",
    ])
    #expect(some.status == 0)
    #expect(some.standardError == "shelf: warning: \(missing): no such file; shown without it\n")
    #expect(try Cast(some.standardOutput).events.first?.data.contains("no such file") == true)
  }

  @Test func anUnwritableOutputIsAnIOError() throws {
    let result = try runShelf([
      "record", "--catalog", a, "--seconds", "1", "--output", "/nonexistent/dir/x.cast",
    ])
    #expect(result.status == 74)
    #expect(result.standardError.hasPrefix("shelf: cannot write /nonexistent/dir/x.cast"))
    #expect(result.standardError.filter { $0 == "\n" }.count == 1)
  }
}

extension InTmux {
  /// A cast played by asciinema in a real terminal ends on the screen
  /// `shelf render` prints for the same data.
  @Suite struct CastPlayback {
    /// `comparingChrome` false leaves out the status line and the hint: the
    /// live app's chrome (a source's state, the pause keys) that `render`,
    /// a still screen, does not draw.
    private func expectPlaybackEndsOnRender(
      of sources: [String], castArguments: [String], comparingChrome: Bool = true
    ) throws {
      let render = try runShelf(["render"] + sources + ["--width", "80", "--height", "24"])
      try expectPlaybackEnds(
        on: render.standardOutput, castArguments: castArguments,
        comparingChrome: comparingChrome)
    }

    /// A cast of `castArguments` played by asciinema ends on the screen `text`.
    private func expectPlaybackEnds(
      on text: String, castArguments: [String], comparingChrome: Bool = true
    ) throws {
      let cast = try runShelf(castArguments)
      #expect(cast.status == 0)
      let session = try TmuxSession(width: 80, height: 24)
      defer { session.close() }
      let path = session.scratch.appendingPathComponent("play.cast")
      try cast.standardOutput.write(to: path, atomically: true, encoding: .utf8)
      // The shell must not print a prompt over the last frame.
      try session.run("clear; asciinema cat \(path.path); sleep 60")
      let chrome: Set<Int> = comparingChrome ? [] : [0, 23]
      func body(_ text: String) -> [String] {
        lines(text).enumerated().map { chrome.contains($0.offset) ? "" : $0.element }
      }
      let want = body(text)
      let screen = session.waitForScreen(timeout: 15) { body($0) == want }
      let got = body(screen ?? session.screen())
      for (number, line) in want.enumerated() {
        #expect(number < got.count && got[number] == line, "line \(number + 1) differs")
      }
    }

    private func lines(_ text: String) -> [String] {
      Array(
        text.split(separator: "\n", omittingEmptySubsequences: false).prefix(24)
          .map { String($0).replacing(/\ +$/, with: "") })
    }

    /// `shelf frames` moves as the live screen does (the focus stays on its
    /// card): its cast ends on the last of its text frames.
    @Test func theLastFrameOfAFramesCastIsItsLastTextFrame() throws {
      let frames = ["frames", "\(fixtures)/small.json", "\(fixtures)/small-next.json"]
      let text = try runShelf(frames + ["--width", "80", "--height", "24"])
      #expect(text.status == 0)
      let last = try #require(text.standardOutput.components(separatedBy: "\n\u{0C}\n").last)
      try expectPlaybackEnds(on: last, castArguments: frames + ["--format", "asciicast"])
    }

    @Test func aRecordingOfAStillCatalogEndsOnItsRender() throws {
      try expectPlaybackEndsOnRender(
        of: ["--catalog", "\(fixtures)/wide.json"],
        castArguments: ["record", "--catalog", "\(fixtures)/wide.json", "--seconds", "1"])
    }

    /// Several sources, one of them a command run once: concatenated and
    /// namespaced as `render` (and the live screen) shows them.
    @Test func aRecordingOfSeveralSourcesEndsOnTheirRender() throws {
      let sources = [
        "--catalog", "\(fixtures)/small.json", "--exec", "cat \(fixtures)/wide.json",
        "--catalog", "\(fixtures)/small-next.json",
      ]
      try expectPlaybackEndsOnRender(
        of: sources, castArguments: ["record"] + sources + ["--seconds", "1"],
        comparingChrome: false)
    }

    /// A recording's first frame is the live app's first screen, chrome
    /// included: the demo's state in the status line, the pause keys in the hint.
    @Test func aRecordingsFirstFrameIsTheLiveAppsFirstScreen() throws {
      let cast = try runShelf(["record", "--seconds", "1", "--seed", "7", "--color", "never"])
      #expect(cast.status == 0)
      let player = try TmuxSession(width: 80, height: 24)
      defer { player.close() }
      let path = player.scratch.appendingPathComponent("first.cast")
      try cast.standardOutput.write(to: path, atomically: true, encoding: .utf8)
      try player.run("clear; asciinema cat \(path.path); sleep 60")
      // The whole first frame: asciinema may be part-way through writing it.
      let recorded = lines(
        player.waitForScreen(timeout: 15) { screen in
          let shown = lines(screen)
          return shown.count == 24 && shown[0].contains("demo running ●")
            && shown[23].hasSuffix("space pause · . step")
        } ?? player.screen())
      #expect(recorded[0].contains("demo running ●"))
      #expect(recorded[23].hasSuffix("space pause · . step"))

      let live = try TmuxSession(width: 80, height: 24)
      defer { live.close() }
      // A demo update comes every 4 s: the first screen stays that long.
      try live.startShelf("--seed 7 --color never")
      let shown = lines(
        live.waitForScreen(timeout: 15) { lines($0) == recorded } ?? live.screen())
      for (number, line) in recorded.enumerated() {
        #expect(number < shown.count && shown[number] == line, "line \(number + 1) differs")
      }
      try live.quitAndExpectRestored()
    }
  }
}
