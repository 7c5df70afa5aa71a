// Package proof holds retrylint's tests at scale, for every analyzer of
// analyzers.All(), whatever each one checks:
//
//   - no crash on real code (std_test.go): the retrylint binary over large
//     parts of the standard library, standalone and as go vet's tool
//     (always), and over all of it and over every package in
//     testdata/reallibs' dependency graph (when RETRYLINT_PROOF_FULL=1, as
//     .ci/run sets it): zero panics, zero internal errors, every package
//     analysed;
//   - no crash on broken input: syntax and type errors, cgo, generics of every
//     shape, a very large generated file, empty packages, under
//     testdata/src/robust (broken_test.go), and fuzzing over mutated testdata
//     files (fuzz_test.go);
//   - fixes that always compile: every first fix on the e2e sample module and
//     on a copy of the analysistest tree applied at once, without conflicts,
//     building and vetting, leaving nothing to fix, and changing nothing when
//     applied twice (fixes_test.go); every alternative fix type-checking on
//     its own (altfixes_test.go);
//   - per-analyzer benchmarks over a large generated package, so that an
//     analyzer that turns quadratic shows up as a number (bench_test.go).
//
// The package has no code of its own: everything is in its tests.
package proof
