/// One picture fetched over HTTP(S) for a card's cover, with the bounds of
/// `--url`: one deadline for all of it, a byte limit counted as the body
/// arrives, redirects to http and https only (the same libcurl transfer).
public enum PictureFetch {
  /// Why a picture was not fetched, in words.
  public struct Failure: Error, CustomStringConvertible, Sendable {
    public let description: String
  }

  /// The largest picture fetched: 16 MiB.
  public static let defaultLimit = 16 << 20

  /// The body of `url` when the server answers 2xx.
  public static func fetch(
    _ url: String, limit: Int = defaultLimit, timeout: Duration = .seconds(10),
    budget: MemoryBudget
  ) -> Result<[UInt8], Failure> {
    if let problem = URLSource.problem(with: url) { return .failure(Failure(description: problem)) }
    let fetch = HTTPFetch(url: url, headers: [], limit: limit, timeout: timeout, budget: budget)
    switch fetch.run(isCancelled: { false }) {
    case .success(let answer)?:
      guard (200..<300).contains(answer.status) else {
        let reason = answer.reason.isEmpty ? "" : " \(answer.reason)"
        return .failure(Failure(description: "the server answered \(answer.status)\(reason)"))
      }
      return .success(answer.body)
    case .failure(let failure)?:
      return .failure(Failure(description: failure.problem))
    case nil:
      return .failure(Failure(description: "the fetch was stopped"))
    }
  }
}
