package apis

import (
	"slices"
	"strings"
	"testing"
)

// TestSources: every row names the upstream file it was read from, as a
// public URL at a tag (or, for retrylint's own package, at main).
func TestSources(t *testing.T) {
	check := func(what, src string) {
		t.Helper()
		if !strings.HasPrefix(src, "https://github.com/") || !strings.Contains(src, "/blob/") {
			t.Errorf("%s: Source %q is not a file on GitHub", what, src)
		}
	}
	for _, c := range Clients {
		check("Clients "+c.Label, c.Source)
	}
	for _, r := range NeverRetried {
		check("NeverRetried "+r.Pkg, r.Source)
	}
	for _, p := range RetryPackages {
		check("RetryPackages "+p.Path, p.Source)
	}
	for _, k := range []RetryKnob{RetryMax, RetryCount} {
		check("RetryKnob "+k.Label, k.Source)
	}
	for _, o := range LongCallSDKs {
		check("LongCallSDKs "+o.Pkg, o.Source)
	}
	for _, o := range TryTimeoutSDKs {
		check("TryTimeoutSDKs "+o.Pkg, o.Source)
	}
	for _, m := range KeyMakers {
		check("KeyMakers "+m.Pkg, m.Source)
	}
	for _, w := range ClientWrappers {
		check("ClientWrappers "+w.Pkg+" "+w.Method, w.Source)
	}
	for _, l := range InstrumentationLibraries {
		check("InstrumentationLibraries "+l.Prefix, l.Source)
	}
	for _, f := range DedupFields {
		check("DedupFields "+f.Name, f.Source)
	}
	for _, h := range DedupHeaders {
		check("DedupHeaders "+h.Name, h.Source)
	}
	for _, p := range DedupPayloads {
		check("DedupPayloads "+p.Type, p.Source)
	}
	for _, b := range BodyCodecs {
		check("BodyCodecs "+b.Pkg, b.Source)
	}
	for _, tt := range TotalTimes {
		check("TotalTimes "+tt.Pkg+" "+tt.Name, tt.Source)
	}
	check("CenkaltiExponential", CenkaltiExponential.Source)
	check("RetryableHTTPWaits", RetryableHTTPWaits.Source)
	check("RetryGoDefaults", RetryGoDefaults.Source)
}

// TestRunnersHavePackages: a runner's library, outcome and jitter knob come
// from its package's row, so every runner's package needs one.
func TestRunnersHavePackages(t *testing.T) {
	for _, r := range Runners {
		if PackageOf(r.Pkg) == nil {
			t.Errorf("runner %s.%s: no RetryPackages row for %s", r.Pkg, r.Name, r.Pkg)
		}
	}
	for _, p := range RetryPackages {
		if p.Lib == NoLibrary || p.Outcome == AsPackage {
			t.Errorf("RetryPackages %s: Lib and Outcome must be set", p.Path)
		}
	}
}

// TestKnobAttempts: a count of retries is attempts minus one, and none or
// fewer makes one attempt; go-retryablehttp's NewClient makes 5, resty's
// New 1.
func TestKnobAttempts(t *testing.T) {
	for _, tc := range []struct {
		k             *RetryKnob
		retries, want int
	}{
		{&RetryMax, 4, 5}, {&RetryMax, 0, 1}, {&RetryMax, -1, 1}, {&RetryCount, 3, 4},
	} {
		if got := tc.k.Attempts(tc.retries); got != tc.want {
			t.Errorf("%s.Attempts(%d) = %d, want %d", tc.k.Label, tc.retries, got, tc.want)
		}
	}
	if got := RetryMax.DefaultAttempts(); got != 5 {
		t.Errorf("RetryMax.DefaultAttempts() = %d, want 5", got)
	}
	if got := RetryCount.DefaultAttempts(); got != 1 {
		t.Errorf("RetryCount.DefaultAttempts() = %d, want 1", got)
	}
}

// TestIsSDK: a trailing slash takes every package below; a module root only
// itself.
func TestIsSDK(t *testing.T) {
	for path, want := range map[string]bool{
		AWSServices + "s3":           true,
		GRPC:                         true,
		GRPC + "/status":             false,
		RetryableHTTP:                true,
		"github.com/example/notasdk": false,
		CloudGo + "storage/internal": true,
	} {
		if got := IsSDK(path); got != want {
			t.Errorf("IsSDK(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestIsInstrumentation: a library's root package and, where a row ends in
// a slash, the packages below it; no other module that shares the prefix,
// and none of the packages that push over the network.
func TestIsInstrumentation(t *testing.T) {
	for path, want := range map[string]bool{
		"go.uber.org/zap":                                     true,
		"go.uber.org/zap/zapcore":                             true,
		"go.uber.org/zapx":                                    false,
		"github.com/go-kit/log/level":                         true,
		"github.com/sirupsen/logrus":                          true,
		"github.com/sirupsen/logrus/x":                        false,
		"log/slog":                                            false, // the standard library is local already
		"github.com/prometheus/client_golang/prometheus":      true,
		"github.com/prometheus/client_golang/prometheus/push": false,
		"github.com/prometheus/client_golang/api":             false,
		"go.opentelemetry.io/otel/trace":                      true,
		"go.opentelemetry.io/otel/exporters/otlp/otlptrace":   false,
	} {
		if got := IsInstrumentation(path); got != want {
			t.Errorf("IsInstrumentation(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestIsStripe pins which stripe-go import paths the RawRequest knowledge
// covers: v82, where its backend and RawRequest are as apis/stripe.go says,
// and every later major (the corpus pins v86), not the majors before.
func TestIsStripe(t *testing.T) {
	for path, want := range map[string]bool{
		"github.com/stripe/stripe-go/v82":            true,
		"github.com/stripe/stripe-go/v86":            true,
		"github.com/stripe/stripe-go/v86/rawrequest": true,
		"github.com/stripe/stripe-go/v81":            false,
		"github.com/stripe/stripe-go/v72/client":     false,
		"github.com/stripe/stripe-go":                false,
		"github.com/stripe/stripe-go/vx":             false,
		"github.com/stripe/stripe-mock/v82":          false,
	} {
		if got := IsStripe(path); got != want {
			t.Errorf("IsStripe(%q) = %v, want %v", path, got, want)
		}
	}
}

// TestStripeRowLaterMajors proves the stripe-go client row covers the root
// package of v82 and every later major, and neither earlier majors nor the
// packages below the root.
func TestStripeRowLaterMajors(t *testing.T) {
	i := slices.IndexFunc(Clients, func(a Client) bool { return a.Config == StripeConfig })
	if i < 0 {
		t.Fatal("no stripe-go row in Clients")
	}
	row := &Clients[i]
	for path, want := range map[string]bool{
		"github.com/stripe/stripe-go/v82":            true,
		"github.com/stripe/stripe-go/v86":            true,
		"github.com/stripe/stripe-go/v100":           true,
		"github.com/stripe/stripe-go/v81":            false,
		"github.com/stripe/stripe-go/v86/rawrequest": false,
		"github.com/stripe/stripe-go/v86x":           false,
		"github.com/stripe/stripe-go":                false,
		"github.com/other/stripe-go/v86":             false,
	} {
		if got := row.HasPkg(path); got != want {
			t.Errorf("stripe-go row HasPkg(%q) = %v, want %v", path, got, want)
		}
	}
}
