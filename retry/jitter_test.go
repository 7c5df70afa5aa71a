package retry

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
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

// TestDelayNoCapDoesNotOverflow: waits left uncapped, which must be asked
// for with the largest Cap (a zero Cap means DefaultCap), grow to the
// largest Duration and no further.
func TestDelayNoCapDoesNotOverflow(t *testing.T) {
	b := Backoff{Base: time.Hour, Cap: math.MaxInt64, Jitter: JitterNone}
	for _, n := range []int{30, 40, 63, 64, math.MaxInt} {
		if got := b.Delay(n, 0, nil); got <= 0 {
			t.Errorf("Delay(%d) with no cap = %v, want > 0", n, got)
		}
	}
	if got := b.Delay(math.MaxInt, 0, nil); got != math.MaxInt64 {
		t.Errorf("Delay(MaxInt) with no cap = %v, want the largest Duration", got)
	}
}

// rules lists the four jitter rules.
var rules = []Jitter{JitterFull, JitterEqual, JitterDecorrelated, JitterNone}

// TestDelayBounds draws many waits from each rule and checks the definitions
// of "Exponential Backoff And Jitter" (AWS Architecture Blog, 2015,
// https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/): full in [0, c], equal in [c/2, c], decorrelated in
// [Base, min(Cap, 3*max(prev, Base))] (decorrelatedFormula), where
// c = min(Cap, Base*2^(n-1)).
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
	for _, j := range rules {
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

// FuzzDelay checks the bounds for any input: never negative, never above
// the Cap in effect (a positive Cap, else DefaultCap or Base), and for the
// non-decorrelated rules never above the ceiling; zero or negative Base and
// Cap wait as the defaults do.
func FuzzDelay(f *testing.F) {
	f.Add(int64(100*ms), int64(3200*ms), 1, 1, int64(0), uint64(7))
	f.Add(int64(1), int64(0), 64, 2, int64(math.MaxInt64), uint64(1))
	f.Add(int64(math.MaxInt64), int64(math.MaxInt64), math.MaxInt, 3, int64(math.MaxInt64), uint64(2))
	f.Add(int64(5*time.Second), int64(ms), 3, 3, int64(-1), uint64(3))
	f.Add(int64(-5), int64(-5), -3, 7, int64(math.MinInt64), uint64(4))
	f.Fuzz(func(t *testing.T, base, capd int64, n, jitter int, prev int64, seed uint64) {
		b := Backoff{Base: time.Duration(base), Cap: time.Duration(capd), Jitter: Jitter(jitter)}
		d := b.Delay(n, time.Duration(prev), rand.New(rand.NewPCG(seed, 0)))
		effBase := b.Base
		if effBase <= 0 {
			effBase = DefaultBase
		}
		limit := b.Cap
		if limit <= 0 {
			limit = max(DefaultCap, effBase)
		}
		switch {
		case d < 0:
			t.Fatalf("%+v.Delay(%d, %d) = %v < 0", b, n, prev, d)
		case d > limit:
			t.Fatalf("%+v.Delay(%d, %d) = %v > the Cap in effect %v", b, n, prev, d, limit)
		case b.Jitter != JitterDecorrelated:
			if c := ceiling(effBase, limit, n); d > c {
				t.Fatalf("%+v.Delay(%d) = %v above its ceiling %v", b, n, d, c)
			}
		}
		// Zero or negative settings are the defaults, draw for draw.
		if b.Base <= 0 || b.Cap <= 0 {
			named := Backoff{Base: effBase, Cap: limit, Jitter: b.Jitter}
			if want := named.Delay(n, time.Duration(prev), rand.New(rand.NewPCG(seed, 0))); d != want {
				t.Fatalf("%+v.Delay(%d, %d) = %v, but %+v gives %v", b, n, prev, d, named, want)
			}
		}
	})
}

func BenchmarkDelay(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	for _, j := range rules {
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

// draws returns k waits for retry n drawn from b with a source seeded by seed.
func draws(b Backoff, n, k int, seed uint64) []time.Duration {
	r := rand.New(rand.NewPCG(seed, seed))
	ds := make([]time.Duration, k)
	var prev time.Duration
	for i := range ds {
		ds[i] = b.Delay(n, prev, r)
		prev = ds[i]
	}
	return ds
}

func mean(ds []time.Duration) time.Duration {
	var sum time.Duration
	for _, d := range ds {
		sum += d
	}
	return sum / time.Duration(len(ds))
}

// TestZeroJitterIsFull: a Backoff that names only Base and Cap jitters
// fully rather than retrying in lockstep: its waits spread over [0, ceiling]
// with a mean near half of it.
func TestZeroJitterIsFull(t *testing.T) {
	b := Backoff{Base: 100 * ms, Cap: 3200 * ms}
	ds := draws(b, 3, 4000, 7)
	for _, d := range ds {
		if d < 0 || d > 400*ms {
			t.Fatalf("wait %v, want full jitter in [0, 400ms]", d)
		}
	}
	if m := mean(ds); m < 190*ms || m > 210*ms {
		t.Errorf("mean wait %v, want about 200ms (full jitter below a 400ms ceiling)", m)
	}
	if got, want := draws(b, 3, 50, 1), draws(Backoff{Base: 100 * ms, Cap: 3200 * ms, Jitter: JitterFull}, 3, 50, 1); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the zero Jitter draws %v, JitterFull %v; want the same", got, want)
	}
	var zero Jitter
	if zero != JitterFull || zero.String() != "full" {
		t.Errorf("the zero Jitter is %v, want full", zero)
	}
}

// TestZeroBaseMeansDefault: a zero (or negative) Base waits as DefaultBase
// does, for every rule, so that Backoff{Cap: 5 * time.Second} or
// Backoff{Jitter: JitterEqual} no longer waits zero every time.
func TestZeroBaseMeansDefault(t *testing.T) {
	for _, j := range rules {
		for _, base := range []time.Duration{0, -ms} {
			for _, capd := range []time.Duration{5 * time.Second, 0} {
				b := Backoff{Base: base, Cap: capd, Jitter: j}
				named := Backoff{Base: DefaultBase, Cap: capd, Jitter: j}
				for n := 1; n <= 8; n++ {
					if got, want := draws(b, n, 20, uint64(n)), draws(named, n, 20, uint64(n)); fmt.Sprint(got) != fmt.Sprint(want) {
						t.Errorf("%+v: retry %d waits %v, want %v as with Base %v", b, n, got, want, DefaultBase)
					}
				}
			}
		}
	}
	if d := (Backoff{Cap: 5 * time.Second, Jitter: JitterNone}).Delay(1, 0, nil); d != DefaultBase {
		t.Errorf("Backoff{Cap: 5s, Jitter: JitterNone}: first wait %v, want %v", d, DefaultBase)
	}
	for _, d := range draws(Backoff{Jitter: JitterEqual}, 1, 100, 3) {
		if d < DefaultBase/2 {
			t.Fatalf("Backoff{Jitter: JitterEqual}: first wait %v, want at least %v", d, DefaultBase/2)
		}
	}
	if m := mean(draws(Backoff{Cap: 5 * time.Second}, 1, 4000, 3)); m < 45*ms || m > 55*ms {
		t.Errorf("Backoff{Cap: 5s}: mean first wait %v, want about 50ms", m)
	}
}

// TestNojitterFixKeepsWaits: nojitter rewrites Jitter: retry.JitterNone to
// retry.JitterFull and leaves the rest of the literal as it was, Base
// included (testdata/src/nojitter/libs: retry.Backoff{Jitter:
// retry.JitterNone} becomes retry.Backoff{Jitter: retry.JitterFull}). The
// fixed literal must still wait: full jitter below DefaultBase, doubling.
func TestNojitterFixKeepsWaits(t *testing.T) {
	fixed := Backoff{Jitter: JitterFull}
	for n, ceil := range []time.Duration{100 * ms, 200 * ms, 400 * ms} {
		ds := draws(fixed, n+1, 4000, 11)
		for _, d := range ds {
			if d > ceil {
				t.Fatalf("retry %d: wait %v above the ceiling %v", n+1, d, ceil)
			}
		}
		if m := mean(ds); m < ceil*45/100 || m > ceil*55/100 {
			t.Errorf("retry %d: mean wait %v, want about %v", n+1, m, ceil/2)
		}
	}
	clk := newFakeClock()
	do(t, context.Background(), Policy{MaxAttempts: 3, Backoff: fixed}, clk, func(context.Context) error { return errDown })
	if len(clk.sleeps) != 2 || clk.sleeps[0] == 0 || clk.sleeps[1] == 0 {
		t.Errorf("Do with the fixed backoff slept %v, want two waits above zero", clk.sleeps)
	}
}

// TestInvalidSettingsAreDefaults: a Jitter that is none of the rules draws
// as full jitter, and a negative Cap is the default cap, not no cap.
func TestInvalidSettingsAreDefaults(t *testing.T) {
	for _, j := range []Jitter{-1, 4, 9, math.MaxInt} {
		b := Backoff{Base: 100 * ms, Cap: 3200 * ms, Jitter: j}
		full := Backoff{Base: 100 * ms, Cap: 3200 * ms, Jitter: JitterFull}
		if got, want := draws(b, 4, 30, 5), draws(full, 4, 30, 5); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%v: waits %v, want full jitter's %v", j, got, want)
		}
	}
	for _, tc := range []struct {
		b    Backoff
		want time.Duration
	}{
		{Backoff{Base: 100 * ms, Cap: -time.Second, Jitter: JitterNone}, DefaultCap},
		{Backoff{Base: 100 * ms, Cap: math.MinInt64, Jitter: JitterNone}, DefaultCap},
		{Backoff{Base: time.Minute, Cap: -1, Jitter: JitterNone}, time.Minute}, // never below Base
		{Backoff{Base: time.Minute, Jitter: JitterNone}, time.Minute},
	} {
		if got := tc.b.Delay(40, 0, nil); got != tc.want {
			t.Errorf("%+v.Delay(40) = %v, want %v", tc.b, got, tc.want)
		}
	}
}

// decorrelatedFormula is the rule TestDelayBounds checks the code against;
// the constant's documentation must state the same rule.
const decorrelatedFormula = "min(Cap, uniform[Base, 3*max(prev, Base)])"

func TestDecorrelatedDocMatchesCode(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "jitter.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && vs.Names[0].Name == "JitterDecorrelated" {
			doc = vs.Doc.Text()
		}
		return true
	})
	if !strings.Contains(strings.Join(strings.Fields(doc), " "), decorrelatedFormula) {
		t.Errorf("JitterDecorrelated's doc %q does not state %s, the rule the code follows", doc, decorrelatedFormula)
	}
}

// TestPackageDocTeachesDefaults: the package documentation has a Defaults
// section that names every default the package exports (each exported
// constant called Default... or Min...), so that `go doc` teaches them.
func TestPackageDocTeachesDefaults(t *testing.T) {
	names, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	var defaults []string
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if f.Doc != nil {
			doc += f.Doc.Text()
		}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.CONST {
				for _, spec := range gd.Specs {
					for _, name := range spec.(*ast.ValueSpec).Names {
						if name.IsExported() && (strings.HasPrefix(name.Name, "Default") || strings.HasPrefix(name.Name, "Min")) {
							defaults = append(defaults, name.Name)
						}
					}
				}
			}
		}
	}
	_, section, ok := strings.Cut(doc, "\n# Defaults\n")
	if !ok {
		t.Fatal("the package doc has no Defaults section")
	}
	for _, name := range append(defaults, "JitterFull", "JitterNone", "ReasonRetryAfter", "NewBudget(0.1, 10)") {
		if !strings.Contains(section, name) {
			t.Errorf("the package doc's Defaults section does not mention %s", name)
		}
	}
	if len(defaults) < 4 {
		t.Errorf("found only the defaults %v", defaults)
	}
}
