// Herd shows why retries need jitter. A hundred clients call a server at the
// same moment; the server serves the first 10 calls of each 100 ms window and
// refuses the rest at once; every refused client backs off (base 100 ms, cap
// 3,200 ms, no attempt limit) and calls again. Herd runs this for each of
// retry's four jitter rules and prints, for one seed and as the mean over
// many, how many calls the clients made, how many were refused, the busiest
// window after the first, and when the last client was served.
//
// With no jitter the clients stay in lockstep: 10 get in per round and the
// other 90, 80, 70... retry together, so 550 calls reach the server and the
// last client waits 15.9 s, though 10 windows (0.9 s) would serve everyone.
// Any jitter rule spreads the retries into the empty windows.
//
// Usage:
//
//	go run ./examples/herd [-seed 7] [-seeds 20] [-svg docs/herd.svg]
//
// With -svg it also writes a chart of calls per 100 ms window for the seed.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"math/rand/v2"
	"os"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// The seeds' herd: who calls, what the server takes, how clients back off.
const (
	clients = 100
	base    = 100 * time.Millisecond
	capWait = 3200 * time.Millisecond
)

var herdServer = server{PerWindow: 10, Window: 100 * time.Millisecond}

var rules = []retry.Jitter{retry.JitterNone, retry.JitterFull, retry.JitterEqual, retry.JitterDecorrelated}

func main() {
	log.SetFlags(0)
	log.SetPrefix("herd: ")
	seed := flag.Uint64("seed", 7, "the seed of the single run shown in the chart")
	seeds := flag.Int("seeds", 20, "average over seeds 1 to `n`")
	svgPath := flag.String("svg", "", "write the chart of calls per window to `file`")
	flag.Parse()
	if *seeds < 1 {
		log.Fatal("-seeds must be at least 1")
	}
	rows := run(*seed, *seeds)
	printTable(os.Stdout, rows, *seed, *seeds)
	if *svgPath != "" {
		if err := os.WriteFile(*svgPath, chart(rows, *seed), 0o644); err != nil {
			log.Fatal(err)
		}
	}
}

// A row is one jitter rule's single run and its mean over many seeds.
type row struct {
	rule retry.Jitter
	one  result
	mean mean
}

type mean struct {
	Calls, Refused, PeakLater float64
	Done                      time.Duration
}

func backoff(j retry.Jitter) retry.Backoff {
	return retry.Backoff{Base: base, Cap: capWait, Jitter: j}
}

func source(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed)) }

// run simulates every rule with seed, and with seeds 1 to seeds.
func run(seed uint64, seeds int) []row {
	var rows []row
	for _, j := range rules {
		r := row{rule: j, one: simulate(herdServer, clients, backoff(j), source(seed))}
		var done time.Duration
		for s := range uint64(seeds) {
			res := simulate(herdServer, clients, backoff(j), source(s+1))
			r.mean.Calls += float64(res.Calls)
			r.mean.Refused += float64(res.Refused)
			r.mean.PeakLater += float64(res.PeakLater)
			done += res.Done
		}
		n := float64(seeds)
		r.mean.Calls /= n
		r.mean.Refused /= n
		r.mean.PeakLater /= n
		r.mean.Done = done / time.Duration(seeds)
		rows = append(rows, r)
	}
	return rows
}

func printTable(w io.Writer, rows []row, seed uint64, seeds int) {
	fmt.Fprintf(w, "%d clients call at t=0; the server serves %d calls per %v window and refuses the rest.\n",
		clients, herdServer.PerWindow, herdServer.Window)
	fmt.Fprintf(w, "Backoff: base %v, cap %v, no attempt limit.\n\n", base, capWait)
	fmt.Fprintf(w, "%-13s | %-35s | mean of seeds 1 to %d\n", "", fmt.Sprintf("seed %d", seed), seeds)
	fmt.Fprintf(w, "%-13s | %6s %7s %6s %11s | %7s %7s %6s %11s\n", "jitter", "calls", "refused", "peak", "last done", "calls", "refused", "peak", "last done")
	for _, r := range rows {
		fmt.Fprintf(w, "%-13s | %6d %7d %6d %8d ms | %7.1f %7.1f %6.1f %8d ms\n", r.rule,
			r.one.Calls, r.one.Refused, r.one.PeakLater, r.one.Done.Milliseconds(),
			r.mean.Calls, r.mean.Refused, r.mean.PeakLater, r.mean.Done.Milliseconds())
	}
	fmt.Fprintln(w, "\npeak: calls in the busiest window after the first.")
}
