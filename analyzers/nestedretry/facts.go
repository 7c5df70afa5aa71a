package nestedretry

import (
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
)

// ReachesFact marks a function whose call leads to retries: it contains a
// retry site, or calls a retrying client or another such function, through
// any depth of calls. A retry site in another package that calls the function
// learns from it how many calls one of its attempts may make.
type ReachesFact struct {
	// Chain names the calls below the function, down to the one that
	// retries: a client operation, or a function of the user's own (which
	// the fact's function may itself be, with an empty Chain).
	Chain []Link
	// Bound is how many calls one call of the function may make to the
	// dependency at the bottom: the product of the layers below it.
	Bound retrysite.Bound
	// Within says what bounds those layers by time when Bound has no count
	// ("30 seconds", "a deadline"); empty otherwise.
	Within string
	// OwnRetries says that a retry site of the user's own is among the
	// layers, so that which errors they retry is not known from the table.
	OwnRetries bool
	// GivesUpOn lists, with OwnRetries, the error types and sentinels of
	// the user's own ("path.Name") that every such site gives up on at
	// once: an outer retry that goes around only on one of them repeats
	// none of their retries.
	GivesUpOn []string
	// RunsOutWith, when its Kind is set, is what a call of the function
	// hands back when the retry loop of its own that is its worst layer
	// runs out of attempts (see exhausted.go): a retry above that leaves on
	// it never runs the exhausted layer again.
	RunsOutWith Exhaustion
	// CountParam, when not 0, is one more than the index of the parameter
	// that counts the attempts of the function's only layer: a retry loop
	// of its own that calls nothing that retries (rclone's pacer, whose
	// call(fn, retries) goes round up to retries times). A call with a
	// constant there makes that many attempts, and with 1 retries nothing
	// (CallNoRetry's call(fn, 1)).
	CountParam int
	// TimeOptionsParam, when not 0, is one more than the index of the
	// variadic parameter whose options the function's only layer, a
	// cenkalti/backoff v5 Retry, is given (lego's wait.Retry): what bounds
	// it by time is read from each call's options, not from Within.
	TimeOptionsParam int
	// DoYields says that under an outer retry.Do of retrylint's retry
	// package, where the retry.Do calls below make one attempt each, the
	// function leads to UnderDo instead (nil: to no retries at all).
	DoYields bool
	UnderDo  *ReachesFact
}

// same reports whether f and g say the same (g may be nil).
func (f *ReachesFact) same(g *ReachesFact) bool {
	return g != nil && f.Bound == g.Bound && f.Within == g.Within && f.OwnRetries == g.OwnRetries && f.CountParam == g.CountParam && f.TimeOptionsParam == g.TimeOptionsParam &&
		slices.Equal(f.Chain, g.Chain) && slices.Equal(f.GivesUpOn, g.GivesUpOn) && f.RunsOutWith == g.RunsOutWith && f.DoYields == g.DoYields
}

func (*ReachesFact) AFact() {}

func (f *ReachesFact) String() string {
	var names []string
	for _, l := range f.Chain {
		names = append(names, l.qualified(""))
	}
	if len(names) == 0 {
		names = []string{"retries"}
	}
	bound := f.Bound.String()
	if f.Within != "" && !f.Bound.Finite() {
		bound = "bounded by time (" + f.Within + ")"
	}
	if len(f.GivesUpOn) > 0 {
		bound += ", gives up on " + strings.Join(f.GivesUpOn, " ")
	}
	if f.RunsOutWith.Kind != "" {
		bound += ", runs out with " + f.RunsOutWith.String()
	}
	if f.CountParam > 0 {
		bound += ", counted by param " + strconv.Itoa(f.CountParam-1)
	}
	if f.TimeOptionsParam > 0 {
		bound += ", time options param " + strconv.Itoa(f.TimeOptionsParam-1)
	}
	return "reaches(" + strings.Join(names, " -> ") + ", " + bound + ")"
}

// Exhaustion names the error a retry loop of the user's own hands back when
// its attempts run out: a sentinel ("path.Name") it returns itself, or
// wraps (Wrapped) with fmt.Errorf's %w or errors.Join.
type Exhaustion struct {
	Kind    string
	Wrapped bool
}

func (e Exhaustion) String() string {
	if e.Wrapped {
		return "wrapped " + e.Kind
	}
	return e.Kind
}

// A Link is one name in a chain of calls.
type Link struct {
	// PkgPath and PkgName qualify a function of the user's own; both are
	// empty for a client operation, whose Name is already qualified.
	PkgPath, PkgName string
	// Name is "Fetch", "(*Client).get", or a client's "s3.Client.PutObject".
	Name string
}

// qualified returns the link's name as code in package pkgPath would see it.
func (l Link) qualified(pkgPath string) string {
	if l.PkgPath == "" || l.PkgPath == pkgPath {
		return l.Name
	}
	if strings.HasPrefix(l.Name, "(*") {
		return "(*" + l.PkgName + "." + l.Name[2:]
	}
	if strings.HasPrefix(l.Name, "(") {
		return "(" + l.PkgName + "." + l.Name[1:]
	}
	return l.PkgName + "." + l.Name
}

// ClientFact marks a function that returns a retrying client whose retry
// setting it visibly configures (off, or a number of attempts), so that a
// call made on the client elsewhere uses that setting instead of the
// library's default.
type ClientFact struct {
	Config clientConfig
}

func (*ClientFact) AFact() {}

func (f *ClientFact) String() string { return "client(" + f.Config.String() + ")" }

// maxChain caps the links a fact carries, to keep facts small: the middle of
// a long chain is shown as "...".
const maxChain = 4

func capChain(chain []Link) []Link {
	if len(chain) <= maxChain {
		return chain
	}
	out := append([]Link(nil), chain[:maxChain-2]...)
	return append(out, Link{Name: "..."}, chain[len(chain)-1])
}
