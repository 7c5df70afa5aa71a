// Package proof holds retrylint's tests at scale, for every analyzer of
// analyzers.All(), whatever each one checks:
//
//   - no crash on real code (std_test.go): the retrylint binary over the
//     whole standard library, over net/..., encoding/... and crypto/... with
//     their test files, over every package in testdata/reallibs' dependency
//     graph, and as go vet's tool (always, seconds each), and over all of std
//     with its test files (5 GB of memory: when RETRYLINT_PROOF_FULL=1, as
//     .ci/run sets it): zero panics, zero internal errors, every package
//     analysed;
//   - no crash on broken input: syntax and type errors, cgo, generics of every
//     shape, a very large generated file, empty packages, under
//     testdata/src/robust (broken_test.go), and fuzzing over mutated testdata
//     files (fuzz_test.go);
//   - fixes that always compile: every first fix on copies of the e2e sample
//     module, of testdata/reallibs and of the analysistest tree applied at
//     once, without conflicts, building and vetting, leaving nothing to fix,
//     and changing nothing when applied twice (fixes_test.go); every
//     alternative fix type-checking on its own (altfixes_test.go);
//   - per-analyzer benchmarks over a large generated package, so that an
//     analyzer that turns quadratic shows up as a number (bench_test.go).
//
// The package has no code of its own: everything is in its tests.
package proof
