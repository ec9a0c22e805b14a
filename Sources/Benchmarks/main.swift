// `swift run -c release Benchmarks [filter] [--quick]`: every benchmark whose
// case name contains `filter`. Each subject adds its `run` here.
var harness = Harness(arguments: Array(CommandLine.arguments.dropFirst()))
DiffBenchmarks.run(&harness)
CatalogBenchmarks.run(&harness)
ParseBenchmarks.run(&harness)
ScaleBenchmarks.run(&harness)
TerminalBenchmarks.run(&harness)
ChainBenchmarks.run(&harness)
SwitchBenchmarks.run(&harness)
URLPollingBenchmarks.run(&harness)
Harness.printHeadlines()
Harness.printTargetSummary()
