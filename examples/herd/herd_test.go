package main

import (
	"bytes"
	"encoding/xml"
	"math"
	"os"
	"testing"
	"time"

	"github.com/retrylint/retrylint/retry"
)

// TestNoJitterSeedFigures: with no jitter the run does not depend on the
// seed, and the seeds' figures follow from the rules exactly: 10 served per
// round, 90, 80, ..., 10 retrying together, waits doubling to the cap.
func TestNoJitterSeedFigures(t *testing.T) {
	for _, seed := range []uint64{1, 7, 20} {
		r := simulate(herdServer, clients, backoff(retry.JitterNone), source(seed))
		if r.Calls != 550 || r.Refused != 450 || r.PeakLater != 90 || r.Done != 15900*time.Millisecond {
			t.Errorf("seed %d: %d calls, %d refused, peak %d, done %v; want 550, 450, 90, 15.9s", seed, r.Calls, r.Refused, r.PeakLater, r.Done)
		}
	}
}

// TestJitterSeedFigures: averaged over seeds 1 to 20, each jitter rule's calls
// are within 10% of the seeds' figures (408.1 full, 391.4 equal, 279.2
// decorrelated; the lab draws from another generator, so only the means can
// agree), and every jittered herd is done in a small fraction of the time.
func TestJitterSeedFigures(t *testing.T) {
	want := map[retry.Jitter]float64{retry.JitterFull: 408.1, retry.JitterEqual: 391.4, retry.JitterDecorrelated: 279.2}
	for _, r := range run(7, 20) {
		if r.rule == retry.JitterNone {
			continue
		}
		if w := want[r.rule]; math.Abs(r.mean.Calls-w) > 0.1*w {
			t.Errorf("%v: mean %.1f calls, want within 10%% of %.1f", r.rule, r.mean.Calls, w)
		}
		if r.mean.Done > 15900*time.Millisecond/4 {
			t.Errorf("%v: mean last done %v, want well under a quarter of 15.9s", r.rule, r.mean.Done)
		}
		if r.mean.PeakLater >= 90 {
			t.Errorf("%v: mean peak %.1f, want below the lockstep 90", r.rule, r.mean.PeakLater)
		}
	}
}

// TestServerNeverServesMoreThanItsShare checks the model itself: every
// client is served once, and no window serves more than 10.
func TestServerNeverServesMoreThanItsShare(t *testing.T) {
	for _, j := range rules {
		r := simulate(herdServer, clients, backoff(j), source(3))
		if r.Calls-r.Refused != clients {
			t.Errorf("%v: %d served, want %d", j, r.Calls-r.Refused, clients)
		}
		sum := 0
		for _, n := range r.Windows {
			sum += n
		}
		if sum != r.Calls {
			t.Errorf("%v: windows hold %d calls, want %d", j, sum, r.Calls)
		}
	}
}

// TestChartIsCurrent checks that docs/herd.svg, which the README shows, is
// well-formed and is what this program draws now. Regenerate it with
//
//	go run ./examples/herd -svg docs/herd.svg
func TestChartIsCurrent(t *testing.T) {
	got := chart(run(7, 20), 7)
	if err := xml.Unmarshal(got, new(struct{})); err != nil {
		t.Fatalf("chart is not well-formed XML: %v", err)
	}
	committed, err := os.ReadFile("../../docs/herd.svg")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, committed) {
		t.Error("docs/herd.svg is stale: run go run ./examples/herd -svg docs/herd.svg")
	}
}

func TestTable(t *testing.T) {
	var b bytes.Buffer
	printTable(&b, run(7, 2), 7, 2)
	for _, s := range []string{"none          |    550     450     90    15900 ms", "decorrelated", "mean of seeds 1 to 2"} {
		if !bytes.Contains(b.Bytes(), []byte(s)) {
			t.Errorf("table lacks %q:\n%s", s, b.String())
		}
	}
}

func BenchmarkSimulate(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		simulate(herdServer, clients, backoff(retry.JitterFull), source(1))
	}
}
