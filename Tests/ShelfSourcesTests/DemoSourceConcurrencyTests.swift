import ShelfCatalog
import ShelfSources
import TestSupport
import Testing

/// The versions `DemoGenerator(seed:)` makes of the starting catalog, as JSON.
private func demoVersions(seed: UInt64, count: Int) -> [String] {
  var generator = DemoGenerator(seed: seed)
  var catalog = startingCatalog()
  return (0..<count).map { _ in
    catalog = generator.nextCatalog(after: catalog)
    return CatalogEncoder.json(catalog)
  }
}

private func demoDeliveries() -> SourceDeliveries {
  SourceDeliveries { result in
    switch result {
    case .success(let loaded): CatalogEncoder.json(loaded.catalog)
    case .failure(let error): "error \(error)"
    }
  }
}

/// `DemoSource` delivers on another queue than the test's: a
/// `…ConcurrencyTests` suite, so `make tsan` runs it under the thread sanitizer.
@Suite struct DemoSourceConcurrencyTests {
  /// The demo is a live source like any other: it delivers the generator's
  /// versions, each made from the one before, every interval.
  @Test func theDemoSourceDeliversTheGeneratorsVersionsEveryInterval() async {
    let source = DemoSource(
      catalog: startingCatalog(), generator: DemoGenerator(seed: 7), interval: .milliseconds(10))
    #expect(source.name == "demo" && source.status == .starting)
    let deliveries = demoDeliveries()
    source.start(queue: .global(), handler: deliveries.handler)
    for version in demoVersions(seed: 7, count: 3) { #expect(await deliveries.next() == version) }
    #expect(source.status == .live)
    source.stop()
    source.waitUntilIdle()
  }

  /// `.` while paused: a step makes the next version at once, and timed ones
  /// (an hour apart here) never come between.
  @Test func aDemoStepDeliversTheNextVersionAtOnce() async {
    let source = DemoSource(
      catalog: startingCatalog(), generator: DemoGenerator(seed: 3), interval: .seconds(3600))
    source.isPaused = true
    let deliveries = demoDeliveries()
    source.start(queue: .global(), handler: deliveries.handler)
    for version in demoVersions(seed: 3, count: 2) {
      source.step()
      #expect(await deliveries.next() == version)
    }
    source.stop()
    source.waitUntilIdle()
  }
}
