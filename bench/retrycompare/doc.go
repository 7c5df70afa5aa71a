// Package retrycompare benchmarks package retry beside the two retry
// libraries Go programs use most, github.com/cenkalti/backoff/v5 and
// github.com/hashicorp/go-retryablehttp, in one benchmark binary on one
// machine, so that the ratios between them mean something.
//
// It is a module of its own so that package retry, and the retrylint
// module, never depend on those libraries. Run it with
//
//	cd bench/retrycompare && go test -bench=. -benchmem
//
// Each benchmark has one sub-benchmark per library doing the same work:
//
//   - BenchmarkDelay: compute one jittered backoff wait.
//   - BenchmarkLoop: an operation that fails twice and then succeeds, with
//     waits of (almost) zero, so that the loop's own cost shows.
//   - BenchmarkHTTP: a GET on loopback that succeeds at once (the cost of
//     the retry layer on every healthy call), and one answered 503 and then
//     200 (the cost of one retry), beside a bare http.Transport.
package retrycompare
