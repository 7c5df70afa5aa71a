package retry

import (
	"math"
	"net/http"
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		v    string
		want time.Duration
		ok   bool
	}{
		{"120", 120 * time.Second, true},
		{"0", 0, true},
		{"007", 7 * time.Second, true},
		{"99999999999999999999999", math.MaxInt64, true},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{"Sun, 01 Mar 2026 12:00:30 GMT", 30 * time.Second, true},
		{"Sunday, 01-Mar-26 12:00:30 GMT", 30 * time.Second, true}, // RFC 850, obsolete but allowed
		{"Sun Mar  1 12:00:30 2026", 30 * time.Second, true},       // ANSI C asctime
		{"Sun, 01 Mar 2026 11:00:00 GMT", 0, true},                 // in the past
		{"", 0, false},
		{"-5", 0, false},
		{"1.5", 0, false},
		{"+5", 0, false},
		{"5 ", 0, false},
		{"soon", 0, false},
	} {
		got, ok := ParseRetryAfter(tc.v, now)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseRetryAfter(%q) = %v, %v; want %v, %v", tc.v, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzParseRetryAfter(f *testing.F) {
	for _, s := range []string{"0", "120", "Sun, 01 Mar 2026 12:00:30 GMT", "Sunday, 01-Mar-26 12:00:30 GMT",
		"Sun Mar  1 12:00:30 2026", "", "-1", "99999999999999999999999", "1e3", "Mon, 01 Jan 0001 00:00:00 GMT"} {
		f.Add(s)
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, v string) {
		d, ok := ParseRetryAfter(v, now)
		if d < 0 {
			t.Fatalf("ParseRetryAfter(%q) = %v < 0", v, d)
		}
		if !ok && d != 0 {
			t.Fatalf("ParseRetryAfter(%q) = %v, false; want 0 when not ok", v, d)
		}
		if v != "" && isDigits(v) && !ok {
			t.Fatalf("ParseRetryAfter(%q) rejected a number of seconds", v)
		}
	})
}
