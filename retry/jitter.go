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
type Jitter int

const (
	// JitterNone waits the full ceiling: plain capped exponential backoff.
	// It keeps clients in lockstep; use it only where one client retries alone.
	JitterNone Jitter = iota
	// JitterFull waits uniform[0, ceiling]. It spreads retries the most and
	// is the default.
	JitterFull
	// JitterEqual waits ceiling/2 + uniform[0, ceiling/2]: never less than
	// half the ceiling, at the cost of a narrower spread.
	JitterEqual
	// JitterDecorrelated waits min(Cap, uniform[Base, max(Base, 3*prev)]),
	// growing from the previous wait rather than from the retry number.
	JitterDecorrelated
)

var jitterNames = [...]string{"none", "full", "equal", "decorrelated"}

// String returns the rule's name: "none", "full", "equal" or "decorrelated".
func (j Jitter) String() string {
	if j >= 0 && int(j) < len(jitterNames) {
		return jitterNames[j]
	}
	return "Jitter(" + strconv.Itoa(int(j)) + ")"
}

// A Backoff computes the wait before each retry: capped exponential backoff
// with a jitter rule.
//
// For retry n (n = 1 for the first retry) the ceiling is
// min(Cap, Base * 2^(n-1)). Backoff grows the wait so that a dependency that
// is down gets ever less traffic from each client; the cap stops the wait from
// growing past the point where the caller has given up anyway. The Jitter
// rule then draws the wait from below the ceiling.
//
// A Base of zero or less makes every wait zero; a Cap of zero or less means
// no cap. The zero Backoff therefore never waits; [Policy] replaces it with
// [DefaultBackoff].
type Backoff struct {
	Base   time.Duration // the first retry's ceiling
	Cap    time.Duration // the largest wait; <= 0 means no cap
	Jitter Jitter        // how the wait is drawn from below the ceiling
}

// DefaultBackoff is the backoff a [Policy] uses when its Backoff is the zero
// value: full jitter from 100ms, capped at 10s.
var DefaultBackoff = Backoff{Base: 100 * time.Millisecond, Cap: 10 * time.Second, Jitter: JitterFull}

// Delay returns the wait before retry n (n >= 1; smaller n count as 1).
// prev is the previous wait, 0 before the first retry; only the decorrelated
// rule uses it, counting anything below Base as Base. r is the random source;
// nil means a default source that is safe for concurrent use.
//
// The result is never negative and never above Cap (when Cap > 0), for any n,
// however large; Delay does not allocate.
func (b Backoff) Delay(n int, prev time.Duration, r *rand.Rand) time.Duration {
	if b.Base <= 0 {
		return 0
	}
	limit := b.Cap
	if limit <= 0 {
		limit = math.MaxInt64
	}
	if b.Jitter == JitterDecorrelated {
		prev = max(prev, b.Base)
		upper := time.Duration(math.MaxInt64)
		if prev <= math.MaxInt64/3 {
			upper = 3 * prev
		}
		return min(limit, b.Base+uniform(r, upper-b.Base))
	}
	ceiling := ceiling(b.Base, limit, n)
	switch b.Jitter {
	case JitterFull:
		return uniform(r, ceiling)
	case JitterEqual:
		half := ceiling / 2
		return half + uniform(r, half)
	default:
		return ceiling
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
