import Dispatch
import ShelfCatalog
import ShelfSources
import Testing

/// Every live source behind the one protocol: a name for messages, and a
/// status that follows its deliveries.
@Suite struct LiveSourceConcurrencyTests {
  @Test func aSourcesStatusFollowsWhatItDelivered() async {
    let sources: [any LiveSource] = [
      ExecSource(command: "echo broken >&2; exit 3", interval: .seconds(60)),
      URLSource(url: "http://ann:pw@127.0.0.1:1/catalog", interval: .seconds(60)),
      CatalogFileWatcher(path: "/nonexistent/shelf/catalog.json"),
    ]
    #expect(
      sources.map(\.name) == [
        "echo broken >&2; exit 3", "http://ann:***@127.0.0.1:1/catalog",
        "/nonexistent/shelf/catalog.json",
      ])
    for source in sources {
      #expect(source.status == .starting)
      let deliveries = SourceDeliveries()
      source.start(queue: .global(), handler: deliveries.handler)
      #expect(await deliveries.next().hasPrefix("error "))
      guard case .failing(let error) = source.status else {
        Issue.record("\(source.name): \(source.status)")
        continue
      }
      #expect(error.exitCode == 69 || error.exitCode == 66)
      source.stop()
      source.waitUntilIdle()
    }
    let echo = ExecSource(command: #"printf '{"title": "t", "rows": []}'"#, interval: .seconds(60))
    let deliveries = SourceDeliveries()
    echo.start(queue: .global(), handler: deliveries.handler)
    #expect(await deliveries.next() == "title t")
    #expect(echo.status == .live)
    echo.stop()
    echo.waitUntilIdle()
  }
}
