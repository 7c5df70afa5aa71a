// Package retrychain builds the chains that `retrylint report` prints: for
// each entry point of a program and each retrying dependency it reaches, the
// layers between them, each one's attempts, their product, the layer that
// should own the retries, and what else bounds them.
//
// It derives nothing that the analyzers already know. A chain and its
// product come from nestedretry's ReachesFact (what a function reaches in
// the worst case, through which calls, with how many calls in all); a
// layer's share of the product comes from the retry sites that the shared
// recogniser (retrysite) found around the call to the next layer, or, where
// the next layer has a ReachesFact of its own, from dividing one product by
// the other. Functions without a fact of their own (main, unexported
// handlers and helpers) are walked to the calls that have one.
package retrychain

import (
	"fmt"
	"go/token"
	"strings"
)

// An Entry is where a request, a command or a caller enters the program.
type Entry struct {
	Package, PkgName string // import path and name
	Name             string // "Sync", "(*Server).ServeHTTP"
	// Kind is "function" or "method" (exported), "handler" (takes an
	// http.ResponseWriter) or "main".
	Kind string
	Pos  token.Position
}

// A Layer is one function or client operation of a chain.
type Layer struct {
	// Package and PkgName qualify a function; both are empty for a client
	// operation, whose Name is already qualified ("retryablehttp.Client.Do").
	Package, PkgName string
	// Name is "Sync", "(*Client).push", "Store.Put" (an interface method) or
	// a client operation's label.
	Name string
	// Attempts is how many times the layer makes the call to the next one
	// (for the last layer: how many calls it makes to the dependency). One
	// is a layer that passes the call through.
	Attempts Count
	// Interface marks an interface method: the call goes on to the
	// implementation that follows it in the chain.
	Interface bool
	// Budget is set when a retry budget caps the layer's retries (a
	// retry.Policy with a Budget).
	Budget bool
	// Deadline names what sets a deadline in the layer's function
	// ("context.WithTimeout"), empty if nothing does.
	Deadline string
}

// Qualified names the layer as code in package from would: "push",
// "store.Get", "(*store.Client).Get".
func (l Layer) Qualified(from string) string {
	if l.Package == "" || l.Package == from {
		return l.Name
	}
	if rest, ok := strings.CutPrefix(l.Name, "(*"); ok {
		return "(*" + l.PkgName + "." + rest
	}
	if rest, ok := strings.CutPrefix(l.Name, "("); ok {
		return "(" + l.PkgName + "." + rest
	}
	return l.PkgName + "." + l.Name
}

// Retries reports whether the layer makes more than one attempt, or may.
func (l Layer) Retries() bool { return l.Attempts != One }

// A Dependency is what a chain ends in.
type Dependency struct {
	// Name is the client operation ("s3.Client.PutObject"), or, for a
	// function of the user's own that retries what it calls, that
	// function's qualified name.
	Name string
	// Kind is "client" (a retrying client or SDK) or "own" (a retry loop or
	// runner of the program's own is the innermost layer).
	Kind string
	// Host is, for an own retry layer whose attempts name one constant
	// URL, that URL's host ("status.example.com").
	Host string
}

// String names the dependency as the tables do: a client operation,
// "poll.Status (own retries)", or with a host, "status.example.com (own
// retries in poll.Health)".
func (d Dependency) String() string {
	switch {
	case d.Kind == "own" && d.Host != "":
		return d.Host + " (own retries in " + d.Name + ")"
	case d.Kind == "own":
		return d.Name + " (own retries)"
	}
	return d.Name
}

// A Chain is one entry point's worst path to one dependency.
type Chain struct {
	Entry      Entry
	Dependency Dependency
	// Layers run from the entry point (Layers[0]) down to the dependency.
	Layers []Layer
	// Calls is the product of the layers' attempts: how many calls one call
	// of the entry point may make to the dependency.
	Calls Count
	// Within says what bounds the calls by time when Calls has no count
	// ("30 seconds", "a deadline"); empty otherwise.
	Within string
	// Owner is the index in Layers of the layer that should own the
	// retries: the innermost one that retries. Retrying at one layer keeps
	// the product at that layer's attempts (the AWS Builders' Library,
	// "Timeouts, retries, and backoff with jitter").
	Owner int
	// Bounds says what else caps the calls: "budget in Sync", "deadline in
	// Handle (context.WithTimeout)".
	Bounds []string
}

// String is the chain as one line: "Sync x3 -> push x2 ->
// retryablehttp.Client.Do x5 = 30". A layer that passes the call through
// shows no attempts.
func (c Chain) String() string {
	var parts []string
	for _, l := range c.Layers {
		s := l.Qualified(c.Entry.Package)
		if l.Retries() {
			s += " " + l.Attempts.Times()
		}
		parts = append(parts, s)
	}
	total := c.Calls.String()
	if c.Within != "" && !c.Calls.Finite() && c.Calls.Kind != Unbounded {
		total += fmt.Sprintf(" (bounded by %s)", c.Within)
	}
	return strings.Join(parts, " -> ") + " = " + total
}

// OwnerName names the layer that should own the retries.
func (c Chain) OwnerName() string { return c.Layers[c.Owner].Qualified(c.Entry.Package) }

// EntryName names the entry point with its package's name: "shop.Sync",
// "(*api.Server).ServeHTTP".
func (c Chain) EntryName() string {
	l := Layer{Package: c.Entry.Package, PkgName: c.Entry.PkgName, Name: c.Entry.Name}
	return l.Qualified("")
}

// finish sets the owner and the bounds of c from its layers.
func (c *Chain) finish() {
	c.Owner = 0
	for i, l := range c.Layers {
		if l.Retries() && !l.Interface {
			c.Owner = i
		}
	}
	for _, l := range c.Layers {
		name := l.Qualified(c.Entry.Package)
		if l.Budget {
			c.Bounds = append(c.Bounds, "budget in "+name)
		}
		if l.Deadline != "" {
			c.Bounds = append(c.Bounds, "deadline in "+name+" ("+l.Deadline+")")
		}
	}
	if c.Within != "" {
		c.Bounds = append(c.Bounds, "time ("+c.Within+")")
	}
}
