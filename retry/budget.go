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
// The bucket starts full and holds at most max tokens. The zero Budget is
// ready to use and is the usual budget, NewBudget(0.1, 10): ten retries in a
// burst, then one per ten requests. A Budget is safe for concurrent use and
// must not be copied after first use; its methods are lock-free and, while
// the bucket is full, OnRequest does not write shared memory at all. The
// methods of a nil *Budget allow every retry.
type Budget struct {
	// spent is how far the bucket is below full, in millionths of a token,
	// so that the zero Budget starts full.
	spent atomic.Int64
	ratio int64
	max   int64
	made  bool // set by NewBudget; the zero Budget uses the defaults
}

// scale is the number of budget units in one token. Tokens are kept as
// integers so that a ratio such as 0.1 adds exactly a tenth each time: with
// float arithmetic, ten additions of 0.1 fall short of one token.
const scale = 1_000_000

// The zero Budget's settings: what NewBudget(0.1, 10) makes.
const (
	defaultRatio = scale / 10
	defaultMax   = 10 * scale
)

// NewBudget returns a full bucket that gains ratio tokens per request and
// holds at most max tokens. NewBudget(0.1, 10) allows bursts of 10 retries
// and then about one retry per ten requests. Negative or NaN arguments count
// as 0; a max below 1 allows no retry, which, unlike the zero Budget, is
// what NewBudget was asked for.
func NewBudget(ratio, max float64) *Budget {
	return &Budget{ratio: units(ratio), max: units(max), made: true}
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

// settings returns the bucket's ratio and size in budget units.
func (b *Budget) settings() (ratio, size int64) {
	if !b.made {
		return defaultRatio, defaultMax
	}
	return b.ratio, b.max
}

// OnRequest records a new logical request, adding ratio tokens.
func (b *Budget) OnRequest() {
	if b == nil {
		return
	}
	ratio, _ := b.settings()
	if ratio == 0 {
		return
	}
	for {
		s := b.spent.Load()
		if s == 0 {
			return // full
		}
		if b.spent.CompareAndSwap(s, max(0, s-ratio)) {
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
	_, size := b.settings()
	for {
		s := b.spent.Load()
		if size-s < scale {
			return false
		}
		if b.spent.CompareAndSwap(s, s+scale) {
			return true
		}
	}
}
