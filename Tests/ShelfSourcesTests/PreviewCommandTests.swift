import ShelfSources
import Testing

/// `--preview`'s runs: output kept up to its limits, the command then stopped.
@Test func tenMegabytesAreCutAtTheLineLimit() {
  let run = PreviewCommand(command: "yes 0123456789abcdef | head -c 10000000")
  guard
    case .output(let bytes, let isCut, let status, _) = run.run(
      byteLimit: 1 << 20, lineLimit: 5_000)
  else {
    Issue.record("no output")
    return
  }
  #expect(isCut && status == 0)
  #expect(bytes.count == 5_000 * 17 && bytes.filter { $0 == 10 }.count == 5_000)
}

@Test func outputWithNoLinesIsCutAtTheByteLimit() {
  let run = PreviewCommand(command: "head -c 3000000 /dev/zero")
  guard case .output(let bytes, let isCut, _, _) = run.run(byteLimit: 1 << 20, lineLimit: 5_000)
  else {
    Issue.record("no output")
    return
  }
  #expect(isCut && bytes.count == 1 << 20)
}

@Test func aFailureGivesItsStatusAndLastErrorLine() {
  let run = PreviewCommand(command: "echo out; echo first >&2; echo it broke >&2; exit 3")
  #expect(
    run.run(byteLimit: 100, lineLimit: 10)
      == .output(bytes: Array("out\n".utf8), isCut: false, status: 3, lastErrorLine: "it broke"))
}

@Test func aRunStoppedBeforeItStartsEndsAtOnce() {
  let run = PreviewCommand(command: "sleep 86390")
  run.stop()
  #expect(run.run(byteLimit: 100, lineLimit: 10) == nil)
}
