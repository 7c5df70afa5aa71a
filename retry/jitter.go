package retry

import (
	"math/rand/v2"
	"time"
)

// FullJitter returns a duration drawn uniformly from [0, d]; 0 for d <= 0.
func FullJitter(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return time.Duration(rand.Int64N(int64(d) + 1))
}
