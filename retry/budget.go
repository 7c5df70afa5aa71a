package retry

import (
	"math"
	"sync/atomic"
)

// A Budget caps the retries that many calls to one dependency may make
// together, as a fraction of the requests they serve.
//
// A retry limit per request bounds one request's attempts, but not the load
// that all requests put on a dependency that is down: with up to three
// retries each, every request becomes four calls at the worst moment. A
// budget is a token bucket shared by the calls: each new request adds ratio
// tokens, each retry spends one, and a retry is allowed only while at least
// one token is left. While the dependency is healthy the bucket stays full
// and retries absorb sporadic failures; when it is down, retries fall to
// about ratio per request and the extra load stays near ratio.
//
// The bucket starts full and holds at most max tokens. A Budget is safe for
// concurrent use; its methods are lock-free and, while the bucket is full,
// OnRequest does not write shared memory at all. The methods of a nil
// *Budget allow every retry.
type Budget struct {
	tokens atomic.Int64 // in millionths of a token
	ratio  int64
	max    int64
}

// scale is the number of budget units in one token. Tokens are kept as
// integers so that a ratio such as 0.1 adds exactly a tenth each time: with
// float arithmetic, ten additions of 0.1 fall short of one token.
const scale = 1_000_000

// NewBudget returns a full bucket that gains ratio tokens per request and
// holds at most max tokens. NewBudget(0.1, 10) allows bursts of 10 retries
// and then about one retry per ten requests. Negative or NaN arguments count
// as 0; a max below 1 allows no retry.
func NewBudget(ratio, max float64) *Budget {
	b := &Budget{ratio: units(ratio), max: units(max)}
	b.tokens.Store(b.max)
	return b
}

// units converts a token count to budget units, clamping it to
// [0, MaxInt64/2] so that adding a ratio to a full bucket cannot overflow.
func units(f float64) int64 {
	const limit = math.MaxInt64 / 2
	switch {
	case !(f > 0): // also NaN
		return 0
	case f >= limit/scale:
		return limit
	}
	return int64(math.Round(f * scale))
}

// OnRequest records a new logical request, adding ratio tokens.
func (b *Budget) OnRequest() {
	if b == nil || b.ratio == 0 {
		return
	}
	for {
		t := b.tokens.Load()
		if t >= b.max {
			return
		}
		if b.tokens.CompareAndSwap(t, min(b.max, t+b.ratio)) {
			return
		}
	}
}

// TryRetry spends one token and reports true if at least one is left;
// otherwise it reports false and the caller should not retry.
func (b *Budget) TryRetry() bool {
	if b == nil {
		return true
	}
	for {
		t := b.tokens.Load()
		if t < scale {
			return false
		}
		if b.tokens.CompareAndSwap(t, t-scale) {
			return true
		}
	}
}
