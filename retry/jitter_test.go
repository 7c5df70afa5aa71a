package retry

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

const ms = time.Millisecond

func TestDelayNoJitterIsTheCeiling(t *testing.T) {
	b := Backoff{Base: 100 * ms, Cap: 3200 * ms, Jitter: JitterNone}
	want := []time.Duration{100, 200, 400, 800, 1600, 3200, 3200, 3200}
	for i, w := range want {
		if got := b.Delay(i+1, 0, nil); got != w*ms {
			t.Errorf("Delay(%d) = %v, want %v", i+1, got, w*ms)
		}
	}
	for _, n := range []int{0, -1, math.MinInt} {
		if got := b.Delay(n, 0, nil); got != 100*ms {
			t.Errorf("Delay(%d) = %v, want the first retry's 100ms", n, got)
		}
	}
	for _, n := range []int{62, 63, 64, 1000, math.MaxInt} {
		if got := b.Delay(n, 0, nil); got != 3200*ms {
			t.Errorf("Delay(%d) = %v, want the cap (no overflow)", n, got)
		}
	}
}

func TestDelayNoCapDoesNotOverflow(t *testing.T) {
	b := Backoff{Base: time.Hour}
	for _, n := range []int{30, 40, 63, 64, math.MaxInt} {
		if got := b.Delay(n, 0, nil); got <= 0 {
			t.Errorf("Delay(%d) with no cap = %v, want > 0", n, got)
		}
	}
	if got := b.Delay(math.MaxInt, 0, nil); got != math.MaxInt64 {
		t.Errorf("Delay(MaxInt) with no cap = %v, want the largest Duration", got)
	}
}

func TestDelayZeroBaseNeverWaits(t *testing.T) {
	for j := JitterNone; j <= JitterDecorrelated; j++ {
		for _, base := range []time.Duration{0, -ms} {
			if got := (Backoff{Base: base, Cap: time.Second, Jitter: j}).Delay(3, time.Second, nil); got != 0 {
				t.Errorf("%v with Base %v: Delay = %v, want 0", j, base, got)
			}
		}
	}
}

// TestDelayBounds draws many waits from each rule and checks the seeds'
// definitions: full in [0, c], equal in [c/2, c], decorrelated in
// [Base, min(Cap, 3*max(prev, Base))], where c = min(Cap, Base*2^(n-1)).
func TestDelayBounds(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	const base, capd = 100 * ms, 3200 * ms
	for n := 1; n <= 10; n++ {
		c := min(capd, base<<(n-1))
		for range 2000 {
			if d := (Backoff{base, capd, JitterFull}).Delay(n, 0, r); d < 0 || d > c {
				t.Fatalf("full: Delay(%d) = %v, want [0, %v]", n, d, c)
			}
			if d := (Backoff{base, capd, JitterEqual}).Delay(n, 0, r); d < c/2 || d > c {
				t.Fatalf("equal: Delay(%d) = %v, want [%v, %v]", n, d, c/2, c)
			}
		}
	}
	for _, prev := range []time.Duration{0, 50 * ms, base, 700 * ms, 2 * time.Second, time.Hour} {
		hi := min(capd, 3*max(prev, base))
		for range 2000 {
			if d := (Backoff{base, capd, JitterDecorrelated}).Delay(5, prev, r); d < base || d > hi {
				t.Fatalf("decorrelated: Delay(prev %v) = %v, want [%v, %v]", prev, d, base, hi)
			}
		}
	}
}

// TestDelaySpread checks that the jittered rules do spread: the mean of full
// jitter is near half the ceiling, and both ends of the range are reached.
func TestDelaySpread(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	b := Backoff{Base: 1000, Cap: 1000, Jitter: JitterFull} // 1µs: small enough to hit both ends
	var sum time.Duration
	seen := map[time.Duration]bool{}
	const n = 200000
	for range n {
		d := b.Delay(1, 0, r)
		sum += d
		seen[d] = true
	}
	if mean := float64(sum) / n; math.Abs(mean-500) > 5 {
		t.Errorf("full jitter mean = %.1fns, want about 500ns", mean)
	}
	if !seen[0] || !seen[1000] {
		t.Errorf("full jitter reached 0: %v, reached the ceiling: %v; want both", seen[0], seen[1000])
	}
}

func TestDelaySameSeedSameWaits(t *testing.T) {
	b := Backoff{Base: 100 * ms, Cap: 3200 * ms, Jitter: JitterDecorrelated}
	r1, r2 := rand.New(rand.NewPCG(7, 0)), rand.New(rand.NewPCG(7, 0))
	var p1, p2 time.Duration
	for n := 1; n <= 20; n++ {
		p1, p2 = b.Delay(n, p1, r1), b.Delay(n, p2, r2)
		if p1 != p2 {
			t.Fatalf("retry %d: %v and %v from the same seed", n, p1, p2)
		}
	}
}

func TestFullJitter(t *testing.T) {
	for _, d := range []time.Duration{0, -1, math.MinInt64} {
		if got := FullJitter(d); got != 0 {
			t.Errorf("FullJitter(%v) = %v, want 0", d, got)
		}
	}
	for _, d := range []time.Duration{1, ms, time.Hour, math.MaxInt64} {
		for range 100 {
			if got := FullJitter(d); got < 0 || got > d {
				t.Fatalf("FullJitter(%v) = %v, want [0, %v]", d, got, d)
			}
		}
	}
}

func TestJitterString(t *testing.T) {
	for j, want := range map[Jitter]string{JitterNone: "none", JitterFull: "full", JitterEqual: "equal", JitterDecorrelated: "decorrelated", 9: "Jitter(9)", -1: "Jitter(-1)"} {
		if got := j.String(); got != want {
			t.Errorf("Jitter(%d).String() = %q, want %q", int(j), got, want)
		}
	}
}

// TestDelayDoesNotAllocate holds the promise the benchmarks measure:
// allocation counts are deterministic, unlike times, so a test can assert them.
func TestDelayDoesNotAllocate(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	var sink time.Duration
	for j := JitterNone; j <= JitterDecorrelated; j++ {
		b := Backoff{Base: 100 * ms, Cap: 10 * time.Second, Jitter: j}
		if a := testing.AllocsPerRun(100, func() { sink += b.Delay(4, 300*ms, r) + b.Delay(4, 300*ms, nil) }); a != 0 {
			t.Errorf("%v: Delay allocates %v times per call, want 0", j, a)
		}
	}
	if a := testing.AllocsPerRun(100, func() { sink += FullJitter(time.Second) }); a != 0 {
		t.Errorf("FullJitter allocates %v times per call, want 0", a)
	}
	_ = sink
}

// FuzzDelay checks the bounds for any input: never negative, never above a
// positive Cap, and for the non-decorrelated rules never above the ceiling.
func FuzzDelay(f *testing.F) {
	f.Add(int64(100*ms), int64(3200*ms), 1, 1, int64(0), uint64(7))
	f.Add(int64(1), int64(0), 64, 2, int64(math.MaxInt64), uint64(1))
	f.Add(int64(math.MaxInt64), int64(math.MaxInt64), math.MaxInt, 3, int64(math.MaxInt64), uint64(2))
	f.Add(int64(5*time.Second), int64(ms), 3, 3, int64(-1), uint64(3))
	f.Add(int64(-5), int64(-5), -3, 7, int64(math.MinInt64), uint64(4))
	f.Fuzz(func(t *testing.T, base, capd int64, n, jitter int, prev int64, seed uint64) {
		b := Backoff{Base: time.Duration(base), Cap: time.Duration(capd), Jitter: Jitter(jitter)}
		d := b.Delay(n, time.Duration(prev), rand.New(rand.NewPCG(seed, 0)))
		switch {
		case d < 0:
			t.Fatalf("%+v.Delay(%d, %d) = %v < 0", b, n, prev, d)
		case b.Cap > 0 && d > b.Cap:
			t.Fatalf("%+v.Delay(%d, %d) = %v > Cap", b, n, prev, d)
		case b.Base <= 0 && d != 0:
			t.Fatalf("%+v.Delay(%d, %d) = %v, want 0 for Base <= 0", b, n, prev, d)
		case b.Base > 0 && b.Jitter != JitterDecorrelated:
			limit := b.Cap
			if limit <= 0 {
				limit = math.MaxInt64
			}
			if c := ceiling(b.Base, limit, n); d > c {
				t.Fatalf("%+v.Delay(%d) = %v above its ceiling %v", b, n, d, c)
			}
		}
	})
}

func BenchmarkDelay(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, j := range []Jitter{JitterNone, JitterFull, JitterEqual, JitterDecorrelated} {
		bo := Backoff{Base: 100 * ms, Cap: 10 * time.Second, Jitter: j}
		b.Run(j.String(), func(b *testing.B) {
			b.ReportAllocs()
			var prev time.Duration
			for i := 0; b.Loop(); i++ {
				prev = bo.Delay(i%8+1, prev, r)
			}
		})
	}
}

func BenchmarkFullJitter(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			FullJitter(time.Second)
		}
	})
}
