package zerotimeout

import (
	"go/types"
	"iter"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// BoundedFieldFact marks an exported client field of an exported struct
// (logtail's Config.HTTPC) that its package uses only to send requests
// that carry a deadline. A package that stores a client in
// it (logtail.Config{HTTPC: &http.Client{...}}) has left only its own uses
// of the field to follow: the client is not out of sight.
type BoundedFieldFact struct{}

func (*BoundedFieldFact) AFact() {}

func (*BoundedFieldFact) String() string { return "bounded field" }

// exportBoundedFields exports BoundedFieldFact for every exported field of
// an exported struct of the package that holds an http.Client, or a
// pointer to one, when the package sends through it and every use of it in
// the package is followed to sends with a deadline.
func (c *checker) exportBoundedFields() {
	for f := range c.exportedClientFields() {
		// At least one send: a field its package never sends through
		// may be read by another package, out of sight.
		if fl := c.mentionFlow(f); len(fl.sends) > 0 && c.boundedByContext(fl, nil) {
			c.pass.ExportObjectFact(f, &BoundedFieldFact{})
		}
	}
}

// exportedClientFields yields the exported fields of the package's exported
// structs that hold an http.Client or a pointer to one: those other
// packages can read and store.
func (c *checker) exportedClientFields() iter.Seq[*types.Var] {
	return func(yield func(*types.Var) bool) {
		scope := c.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			st, ok := tn.Type().Underlying().(*types.Struct)
			if !ok {
				continue
			}
			for f := range st.Fields() {
				if f.Exported() && !f.Embedded() && isClient(typematch.Deref(f.Type())) && !yield(f) {
					return
				}
			}
		}
	}
}

// BoundedTransportFact marks an exported function whose first result is a
// transport that bounds the wait for the server (a ResponseHeaderTimeout
// that is not provably zero, a dial that sets read deadlines), on every
// return: a repository's shared transport factory (rclone's
// fshttp.NewTransportCustom). A client made around what it returns, in
// another package, is bounded.
type BoundedTransportFact struct{}

func (*BoundedTransportFact) AFact() {}

func (*BoundedTransportFact) String() string { return "returns a bounded transport" }

// exportBoundedTransports exports BoundedTransportFact for the package's
// exported functions and methods whose first result is an
// http.RoundTripper (or a type that implements one) and whose every return
// gives a transport that bounds the wait.
func (c *checker) exportBoundedTransports() {
	for fn := range c.exportedFuncs() {
		res := fn.Signature().Results()
		if res.Len() == 0 || !isRoundTripper(res.At(0).Type()) {
			continue
		}
		if body, ok := c.funcBody(fn); ok && c.returnsBoundedTransport(body, 0) {
			c.pass.ExportObjectFact(fn, &BoundedTransportFact{})
		}
	}
}

// isRoundTripper reports whether t has net/http's RoundTrip method: an
// http.RoundTripper, an *http.Transport, or a transport type of its own.
func isRoundTripper(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "RoundTrip")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	params := fn.Signature().Params()
	return params.Len() == 1 && typematch.IsNamed(typematch.Deref(params.At(0).Type()), httpPath, "Request")
}
