package unkeyedpost_test

import (
	"strings"
	"testing"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/unkeyedpost"
)

func TestBasic(t *testing.T) {
	for _, r := range testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/basic") {
		for _, d := range r.Diagnostics {
			// Post and PostForm cannot carry a header: the message says what
			// to do, and no fix is offered.
			if strings.HasPrefix(d.Message, "POST by ") && len(d.SuggestedFixes) > 0 {
				t.Errorf("%s: %q carries a fix", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
}

func TestFixes(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, unkeyedpost.Analyzer, "unkeyedpost/fixes")
}

// TestFresh proves keys made anew on every attempt are reported, through
// same-package helpers and cross-package FreshKeyFacts, and keys made once
// or derived from a stable id are not.
func TestFresh(t *testing.T) {
	testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/keys", "unkeyedpost/payclient", "unkeyedpost/fresh")
}

// TestClients proves clients that retry by themselves are recognised, and
// that a visible RetryMax 0, a key, or a client the analysis cannot see
// silences them.
func TestClients(t *testing.T) {
	testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/clients")
}

// TestFixClash proves the fix imports the runtime library under another
// name when the file already uses retry, and makes the key before a retry
// library call.
func TestFixClash(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, unkeyedpost.Analyzer, "unkeyedpost/fixclash")
}

func TestFixClients(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, unkeyedpost.Analyzer, "unkeyedpost/fixclients")
}

// TestRealLibs runs the client and fresh-key cases against the real
// go-retryablehttp, resty v2 and google/uuid, proving the stubs match.
func TestRealLibs(t *testing.T) {
	testutil.RunRealLibs(t, unkeyedpost.Analyzer, "./unkeyedpost/...")
}

// TestStripe proves stripe-go calls, which carry their own key, are not
// reported.
func TestStripe(t *testing.T) {
	testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/stripe")
}

// TestHeadersFlag proves -unkeyedpost.headers adds key names (compared
// without regard to case) and leaves other names unkeyed.
func TestHeadersFlag(t *testing.T) {
	flag := unkeyedpost.Analyzer.Flags.Lookup("headers")
	if err := flag.Value.Set("PayPal-Request-Id"); err != nil {
		t.Fatal(err)
	}
	defer flag.Value.Set("")
	testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/headersflag")
}

func TestHeadersFlagRejectsBadNames(t *testing.T) {
	flag := unkeyedpost.Analyzer.Flags.Lookup("headers")
	defer flag.Value.Set("")
	if err := flag.Value.Set("Idempotency Key"); err == nil {
		t.Error(`-headers="Idempotency Key" was accepted; a header name has no space`)
	}
}

// TestOdd proves renamed and dot imports resolve by type, and that shapes the
// analysis cannot follow (function values, fields, generics) neither crash it
// nor draw a report.
func TestOdd(t *testing.T) {
	testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/odd")
}

// TestSites proves a named operation handed to a retry library and a
// function literal handed to a retry helper of the user's own are attempts.
func TestSites(t *testing.T) {
	testutil.Run(t, unkeyedpost.Analyzer, "unkeyedpost/sites")
}

// TestUserRunners: an unkeyed POST inside a closure handed to a retry helper
// of the user's own in another package (direct, forwarding, generic) is
// reported; a key made once before the call, a callback called once, and a
// helper kept in a struct field are quiet.
func TestUserRunners(t *testing.T) {
	testutil.RunWithSuggestedFixes(t, unkeyedpost.Analyzer, "unkeyedpost/userrunner/retrier", "unkeyedpost/userrunner/billing")
}
