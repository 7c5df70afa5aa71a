package zerotimeout

import (
	"go/types"

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
			if !f.Exported() || f.Embedded() || !isClient(typematch.Deref(f.Type())) {
				continue
			}
			// At least one send: a field its package never sends through
			// may be read by another package, out of sight.
			if fl := c.mentionFlow(f); len(fl.sends) > 0 && c.boundedByContext(fl) {
				c.pass.ExportObjectFact(f, &BoundedFieldFact{})
			}
		}
	}
}
