import Foundation
import PropertyBased
import ShelfCatalog
import ShelfDiff
import ShelfSources
import TestSupport
import Testing

private func lines(_ chunks: [String], limit: Int = 1000) -> [NDJSONLineSplitter.Line] {
  var splitter = NDJSONLineSplitter(maximumLineLength: limit)
  var result: [NDJSONLineSplitter.Line] = []
  for chunk in chunks { result += splitter.feed(Array(chunk.utf8)) }
  if let last = splitter.finish() { result.append(last) }
  return result
}

@Test func linesAreSplitAcrossChunksAndNumbered() {
  #expect(
    lines(["ab", "c\nde\r", "\n\n  \nf"])
      == [
        .complete(number: 1, bytes: Array("abc".utf8)),
        .complete(number: 2, bytes: Array("de".utf8)),
        .unterminated(number: 5, bytes: Array("f".utf8)),
      ])
  #expect(lines(["x\n"]) == [.complete(number: 1, bytes: [UInt8(ascii: "x")])])
  #expect(lines([]) == [])
}

@Test func aLineOverTheLimitIsDroppedAndMeasured() {
  let long = String(repeating: "y", count: 25)
  #expect(
    lines(["ok\n", String(long.prefix(10)), String(long.dropFirst(10)) + "\r\nnext\n"], limit: 20)
      == [
        .complete(number: 1, bytes: Array("ok".utf8)),
        .tooLong(number: 2, length: 26),
        .complete(number: 3, bytes: Array("next".utf8)),
      ])
  // Exactly at the limit, with a carriage return after it, is kept.
  #expect(
    lines([String(repeating: "z", count: 20) + "\r\n"], limit: 20)
      == [.complete(number: 1, bytes: Array(String(repeating: "z", count: 20).utf8))])
}

/// Everything `CatalogStreamReader.run` emits for the bytes of `text`, read from a temporary file.
private func events(
  _ text: String, maximumLineLength: Int = 64 << 20
) throws -> [CatalogStreamReader.Event] {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "shelf-stream-\(UUID().uuidString).ndjson")
  try Data(text.utf8).write(to: url)
  defer { try? FileManager.default.removeItem(at: url) }
  let descriptor = open(url.path, O_RDONLY)
  #expect(descriptor >= 0)
  defer { close(descriptor) }
  let reader = CatalogStreamReader(fileDescriptor: descriptor, maximumLineLength: maximumLineLength)
  var events: [CatalogStreamReader.Event] = []
  reader.run { events.append($0) }
  return events
}

/// The events as short strings: `catalog 1 rows=[a]`, `failure <message>`, `end`.
private func summary(_ events: [CatalogStreamReader.Event]) -> [String] {
  events.map { event in
    switch event {
    case .catalog(let loaded, let line): "catalog \(line) rows=\(loaded.catalog.rows.map(\.id))"
    case .failure(let error): "failure \(error.exitCode) \(error)"
    case .end: "end"
    }
  }
}

@Test func badStreamLinesAreReportedAndSkipped() throws {
  let text = """
    {"rows": [{"id": "a", "title": "A"}]}
    {"rows": [{"id": "b", "title": 5}]}
    not json

    {"rows": [{"id": "c", "title": "C"}]}
    {"rows": [{"id": "d"
    """
  #expect(
    try summary(events(text)) == [
      #"catalog 1 rows=["a"]"#,
      "failure 65 stdin, line 2, column 32: rows[0].title: expected a string, found the number 5",
      "failure 65 stdin, line 3, column 1: expected an object with a \"sections\" or \"rows\" array, found 'n'",
      #"catalog 5 rows=["c"]"#,
      "failure 65 stdin, line 6, column 21: rows[0]: expected ',' or '}' after an object member, found the end of the input",
      "end",
    ])
}

@Test func aHugeLineIsRejectedWithoutStoppingTheStream() throws {
  let huge =
    #"{"rows": [{"id": "h", "title": ""# + String(repeating: "x", count: 3 << 20) + #""}]}"#
  let text = huge + "\n" + #"{"rows": []}"# + "\n"
  #expect(
    try summary(events(text, maximumLineLength: 1 << 20)) == [
      "failure 65 stdin, line 1: the line is 3.0 MiB, longer than the limit of 1 MiB; skipped",
      "catalog 2 rows=[]",
      "end",
    ])
}

@Test func anEmptyStreamJustEnds() throws {
  #expect(try summary(events("")) == ["end"])
  #expect(try summary(events("\n\n")) == ["end"])
}

/// A stream of up to 30 lines of printable text around the splitter's limit
/// of 20 bytes (empty, short, at the limit, over it), each ended by `\n` or
/// `\r\n`, maybe with an unended tail.
private let streams = zip(
  zip(Gen.int(in: 0...6), Gen.uint8(in: 0x20...0x7E).array(of: 40), Gen.bool).array(of: 0...30),
  Gen.bool
).map { lines, hasTail in
  var text: [UInt8] = []
  for (length, bytes, isCRLF) in lines {
    text += bytes.prefix([0, 1, 5, 19, 20, 21, 40][length]) + (isCRLF ? [0x0D, 0x0A] : [0x0A])
  }
  return hasTail ? text + Array("tail".utf8) : text
}

/// The sizes of the chunks a stream is fed in, taken in turn.
private let chunkSizes = Gen.int(in: 1...7).array(of: 1...64)

@Test func howTheStreamIsChunkedDoesNotChangeItsLines() async {
  await propertyCheck(count: 50, input: streams, chunkSizes) { text, sizes in
    var whole = NDJSONLineSplitter(maximumLineLength: 20)
    var expected = whole.feed(text)
    if let last = whole.finish() { expected.append(last) }

    var chunked = NDJSONLineSplitter(maximumLineLength: 20)
    var actual: [NDJSONLineSplitter.Line] = []
    var (start, chunk) = (0, 0)
    while start < text.count {
      let end = min(text.count, start + sizes[chunk % sizes.count])
      actual += chunked.feed(Array(text[start..<end]))
      (start, chunk) = (end, chunk + 1)
    }
    if let last = chunked.finish() { actual.append(last) }
    #expect(actual == expected)
    #expect(actual.map(\.number) == actual.map(\.number).sorted())
  }
}

/// The stream reader, which reads on its own thread and delivers on a queue.
@Suite struct CatalogStreamReaderConcurrencyTests {
  @Test func eventsReachTheQueueInOrder() async throws {
    var pipeEnds: [Int32] = [0, 0]
    #expect(pipe(&pipeEnds) == 0)
    let text = #"{"rows": []}"# + "\nbad\n"
    _ = text.withCString { write(pipeEnds[1], $0, strlen($0)) }
    close(pipeEnds[1])
    let reader = CatalogStreamReader(fileDescriptor: pipeEnds[0], coalesces: false)
    let received = await withCheckedContinuation {
      (continuation: CheckedContinuation<[String], Never>) in
      let collected = Locked<[String]>([])
      reader.start(queue: DispatchQueue(label: "test")) { (event: CatalogStreamReader.Event) in
        let done = collected.withLock { list -> [String]? in
          list.append(summary([event])[0])
          if case .end = event { return list }
          return nil
        }
        if let done { continuation.resume(returning: done) }
      }
    }
    close(pipeEnds[0])
    #expect(received.count == 3)
    #expect(received.first == "catalog 1 rows=[]")
    #expect(received.last == "end")
  }
  @Test func catalogsTheReceiverHasNotTakenAreReplacedByNewerOnes() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "shelf-stream-\(UUID().uuidString).ndjson")
    let lines =
      (1...5).map { #"{"rows": [{"id": "r\#($0)", "title": "R"}]}"# } + ["oops"]
      + [#"{"rows": []}"#]
    try Data(lines.joined(separator: "\n").utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let descriptor = open(url.path, O_RDONLY)
    defer { close(descriptor) }

    let queue = DispatchQueue(label: "slow receiver")
    queue.suspend()  // the receiver is busy while the whole stream arrives
    let reader = CatalogStreamReader(fileDescriptor: descriptor)
    let received = Locked<[String]>([])
    reader.start(queue: queue) { (event: CatalogStreamReader.Event) in
      received.withLock { $0.append(summary([event])[0]) }
    }
    #expect(reader.waitUntilRead(timeoutSeconds: 10))
    queue.resume()
    queue.sync {}
    #expect(
      received.withLock { $0 } == [
        "failure 65 stdin, line 6, column 1: expected an object with a \"sections\" or \"rows\" array, found 'o'",
        "catalog 7 rows=[]",
        "end",
      ])
  }
}
