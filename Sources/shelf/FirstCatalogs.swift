import ShelfCatalog

/// The catalogs the sources give at start, where one source that fails does
/// not take the others down: it shows nothing (yet) and its error is kept.
/// Only when every source fails, or the only one does, is it the app's error.
struct FirstCatalogs {
  /// A source that failed at start, and why (the error names the source).
  struct Failure {
    let index: Int
    let error: AppError
  }

  /// One per source, in order; an empty catalog for a source that failed.
  let loaded: [LoadedCatalog]
  /// The sources that failed, in order.
  let failures: [Failure]

  /// Loads each of `specs` with `load`. A usage error, or the first source's
  /// error when every source fails (unless `othersLoaded`: sources beside
  /// these show), is thrown: the app would have nothing to show.
  init(
    _ specs: [SourceSpec], othersLoaded: Bool = false,
    load: (SourceSpec) throws(AppError) -> LoadedCatalog
  ) throws(AppError) {
    var loaded: [LoadedCatalog] = []
    var failures: [Failure] = []
    for (index, spec) in specs.enumerated() {
      do {
        loaded.append(try load(spec))
      } catch {
        if case .usage = error { throw error }
        failures.append(Failure(index: index, error: error))
        loaded.append(LoadedCatalog(catalog: Catalog(title: "", sections: [])))
      }
    }
    if let first = failures.first, failures.count == specs.count, !othersLoaded {
      throw first.error
    }
    self.loaded = loaded
    self.failures = failures
  }

  /// The message area's line for the first failure, if any.
  var message: String? { failures.first.map { $0.error.description } }
}
