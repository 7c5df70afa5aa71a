package retry

import (
	"math"
	"net/http"
	"time"
)

// ParseRetryAfter parses the value of a Retry-After header (RFC 9110, section
// 10.2.3): either a number of seconds or an HTTP date, which is measured
// from now. It reports false if v is neither. A date in the past gives 0, and
// a number of seconds too large for a Duration gives the largest Duration.
//
// A server sends Retry-After with 429 and 503 to say when it expects to have
// room again; a retry before then is refused and only adds to its load.
func ParseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	if v == "" {
		return 0, false
	}
	if isDigits(v) {
		const maxSeconds = math.MaxInt64 / int64(time.Second)
		var s int64
		for i := 0; i < len(v); i++ {
			s = s*10 + int64(v[i]-'0')
			if s > maxSeconds {
				return math.MaxInt64, true
			}
		}
		return time.Duration(s) * time.Second, true
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return max(0, t.Sub(now)), true
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
