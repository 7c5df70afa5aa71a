package retry

import (
	"math"
	"math/rand/v2"
	"strconv"
	"time"
)

// A Jitter is a rule that spreads the waits of clients that failed together.
//
// Clients that fail at the same moment and back off by the same rule retry at
// the same moment too: the herd that overloaded the server comes back as one
// spike, again and again. A jitter rule draws each wait from a range, so the
// retries spread out and the server sees a trickle it can serve.
//
// The zero Jitter is [JitterFull]: a [Backoff] that does not name a rule
// jitters. Waiting without jitter must be asked for by name, [JitterNone].
// A value that is none of the four rules counts as JitterFull.
type Jitter int

const (
	// JitterFull waits uniform[0, ceiling]. It spreads retries the most and
	// is the zero value, so the default.
	JitterFull Jitter = iota
	// JitterEqual waits ceiling/2 + uniform[0, ceiling/2]: never less than
	// half the ceiling, at the cost of a narrower spread.
	JitterEqual
	// JitterDecorrelated waits min(Cap, uniform[Base, 3*max(prev, Base)]),
	// where prev is the previous wait: it grows from the previous wait
	// rather than from the retry number.
	JitterDecorrelated
	// JitterNone waits the full ceiling: plain capped exponential backoff.
	// It keeps clients that failed together in lockstep; use it only where
	// one client retries alone. It is not the zero value: it must be named.
	JitterNone
)

var jitterNames = [...]string{
	JitterFull:         "full",
	JitterEqual:        "equal",
	JitterDecorrelated: "decorrelated",
	JitterNone:         "none",
}

// String returns the rule's name: "full", "equal", "decorrelated" or "none".
func (j Jitter) String() string {
	if j >= 0 && int(j) < len(jitterNames) {
		return jitterNames[j]
	}
	return "Jitter(" + strconv.Itoa(int(j)) + ")"
}

// DefaultBase and DefaultCap are what a [Backoff] whose Base or Cap is zero
// (or negative) uses: a first wait of up to 100ms, waits of up to 10s.
const (
	DefaultBase = 100 * time.Millisecond
	DefaultCap  = 10 * time.Second
)

// A Backoff computes the wait before each retry: capped exponential backoff
// with a jitter rule.
//
// For retry n (n = 1 for the first retry) the ceiling is
// min(Cap, Base * 2^(n-1)). Backoff grows the wait so that a dependency that
// is down gets ever less traffic from each client; the cap stops the wait from
// growing past the point where the caller has given up anyway. The Jitter
// rule then draws the wait from below the ceiling.
//
// Every zero field means the safe default, so that a Backoff that names only
// some fields neither waits zero nor retries in lockstep: a Base of zero or
// less means [DefaultBase]; a Cap of zero or less means [DefaultCap], or Base
// when Base is longer; the zero Jitter is [JitterFull]. The zero Backoff is
// thus full jitter from 100ms, capped at 10s. Waits that are not capped must
// be asked for with the largest Cap, math.MaxInt64.
//
// The Cap is also the longest wait a [Policy] accepts from a server's
// Retry-After (see [RetryAfter]).
type Backoff struct {
	Base   time.Duration // the first retry's ceiling; <= 0 means DefaultBase
	Cap    time.Duration // the largest wait; <= 0 means DefaultCap (or Base, if longer)
	Jitter Jitter        // how the wait is drawn from below the ceiling; zero is JitterFull
}

// limits returns the Base and Cap that Delay uses: the defaults in place of
// zero or negative ones.
func (b Backoff) limits() (base, limit time.Duration) {
	base = b.Base
	if base <= 0 {
		base = DefaultBase
	}
	limit = b.Cap
	if limit <= 0 {
		limit = max(DefaultCap, base)
	}
	return base, limit
}

// longest returns the longest wait Delay returns: the Cap in effect.
func (b Backoff) longest() time.Duration {
	_, limit := b.limits()
	return limit
}

// Delay returns the wait before retry n (n >= 1; smaller n count as 1).
// prev is the previous wait, 0 before the first retry; only the decorrelated
// rule uses it, counting anything below Base as Base. r is the random source;
// nil means a default source that is safe for concurrent use.
//
// The result is never negative and never above the Cap in effect, for any
// n, however large; Delay does not allocate.
func (b Backoff) Delay(n int, prev time.Duration, r *rand.Rand) time.Duration {
	base, limit := b.limits()
	switch b.Jitter {
	case JitterNone:
		return ceiling(base, limit, n)
	case JitterEqual:
		half := ceiling(base, limit, n) / 2
		return half + uniform(r, half)
	case JitterDecorrelated:
		prev = max(prev, base)
		upper := time.Duration(math.MaxInt64)
		if prev <= math.MaxInt64/3 {
			upper = 3 * prev
		}
		return min(limit, base+uniform(r, upper-base))
	default: // JitterFull, and any value that is not a rule
		return uniform(r, ceiling(base, limit, n))
	}
}

// ceiling returns min(limit, base * 2^(n-1)) without overflow; base > 0.
func ceiling(base, limit time.Duration, n int) time.Duration {
	shift := max(n, 1) - 1
	if shift >= 63 || base > limit>>shift {
		return limit
	}
	return min(limit, base<<shift)
}

// uniform returns a duration drawn uniformly from [0, d]; d >= 0.
func uniform(r *rand.Rand, d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	n := uint64(d) + 1 // d <= MaxInt64, so no overflow
	if r == nil {
		return time.Duration(rand.Uint64N(n))
	}
	return time.Duration(r.Uint64N(n))
}

// FullJitter returns a duration drawn uniformly from [0, d]; 0 for d <= 0.
//
// It turns any fixed or exponential wait into a jittered one: where a loop
// sleeps d, sleeping FullJitter(d) keeps the same ceiling but stops clients
// that failed together from retrying together. It is safe for concurrent use
// and does not allocate.
func FullJitter(d time.Duration) time.Duration {
	return uniform(nil, d)
}
