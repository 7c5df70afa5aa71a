package retrychain

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"strings"

	"github.com/retrylint/retrylint/analyzers/nestedretry"
)

// A site is the part of a retry site (retrysite.Site) that a chain needs.
type site struct {
	node    ast.Node       // the loop, or the call of the runner
	attempt *ast.BlockStmt // the code run once per attempt
	runner  *types.Func    // the runner called, for a retry call
	bound   Count
	// spin: a loop that goes around without bound and without waiting,
	// which nestedretry does not count as a layer (a compare-and-swap).
	spin bool
}

// The retry sites are retrysite's Result, a type of a package internal to
// the analyzers, which this package may not import. Its fields are read by
// name, and its Bound through the type that nestedretry's facts share with
// it; a field renamed there fails here, with this error, and in the tests.
func sitesOf(result any) ([]site, error) {
	v := reflect.ValueOf(result)
	if !v.IsValid() || v.Kind() != reflect.Pointer || v.IsNil() {
		return nil, nil
	}
	sites := v.Elem().FieldByName("Sites")
	if !sites.IsValid() || sites.Kind() != reflect.Slice {
		return nil, fmt.Errorf("retrysite's result %T has no Sites", result)
	}
	var out []site
	for i := range sites.Len() {
		s := sites.Index(i)
		if s.IsNil() {
			continue
		}
		s = s.Elem()
		var st site
		var ok bool
		if st.node, ok = field[ast.Node](s, "Node"); !ok {
			return nil, fmt.Errorf("retrysite.Site has no Node of type ast.Node")
		}
		if st.attempt, ok = field[*ast.BlockStmt](s, "Attempt"); !ok {
			return nil, fmt.Errorf("retrysite.Site has no Attempt of type *ast.BlockStmt")
		}
		if st.runner, ok = field[*types.Func](s, "Runner"); !ok {
			return nil, fmt.Errorf("retrysite.Site has no Runner of type *types.Func")
		}
		var f nestedretry.ReachesFact
		if f.Bound, ok = fieldLike(s, "Bound", f.Bound); !ok {
			return nil, fmt.Errorf("retrysite.Site's Bound is not the Bound of nestedretry's facts")
		}
		st.bound = countOf(&f)
		if st.node == nil || st.attempt == nil {
			continue
		}
		waits := s.FieldByName("Waits")
		kind, _ := field[fmt.Stringer](s, "Kind")
		st.spin = kind != nil && kind.String() == "retry loop" && st.bound.Kind == Unbounded && waits.IsValid() && waits.Len() == 0
		out = append(out, st)
	}
	return out, nil
}

// field reads the field name of the struct s as a T.
func field[T any](s reflect.Value, name string) (T, bool) {
	var zero T
	f := s.FieldByName(name)
	if !f.IsValid() {
		return zero, false
	}
	if f.Kind() == reflect.Interface && f.IsNil() || f.Kind() == reflect.Pointer && f.IsNil() {
		return zero, f.Type() == reflect.TypeFor[T]() || f.Type().AssignableTo(reflect.TypeFor[T]())
	}
	x, ok := f.Interface().(T)
	return x, ok
}

// fieldLike is field for a type this package cannot name, given by a value
// of it.
func fieldLike[T any](s reflect.Value, name string, _ T) (T, bool) { return field[T](s, name) }

// countOf reads the bound of a fact. The bound's kind is read from what it
// says, as its String method words it for the messages.
func countOf(f *nestedretry.ReachesFact) Count {
	b := f.Bound
	switch {
	case b.Finite() && strings.Contains(b.String(), "library default"):
		return Count{Kind: Default, N: b.Attempts}
	case b.Finite():
		return Count{Kind: Known, N: b.Attempts}
	case b.String() == "unbounded attempts":
		return Count{Kind: Unbounded}
	}
	return Count{}
}
