package nestedretry

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/analyzerdoc"
	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/report"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// Analyzer is the nestedretry analyzer.
var Analyzer = analyzerdoc.Document(&analysis.Analyzer{
	Name:      "nestedretry",
	Requires:  []*analysis.Analyzer{inspect.Analyzer, retrysite.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*ReachesFact)(nil), (*ClientFact)(nil), (*RetriedFact)(nil), (*ErrorsFuncFact)(nil), (*WiringFact)(nil), (*ForwardsFact)(nil)},
}, doc)

//go:embed doc.go
var doc string

// clients is the -clients flag: retrying clients of the user's own. The
// list is parsed when the flag is set, so that a bad entry is a flag error,
// reported once by every driver, instead of an error of every analysis pass.
var clients clientList

type clientList struct {
	text  string
	table []apis.Client
}

func (l *clientList) String() string { return l.text }

func (l *clientList) Set(s string) error {
	table, err := parseClients(s)
	if err != nil {
		return err
	}
	l.text, l.table = s, table
	return nil
}

func init() {
	Analyzer.Flags.Var(&clients, "clients",
		"comma-separated retrying clients of your own, as importpath.Type.Method=N or importpath.Func=N (N attempts, the first included)")
}

// parseClients reads the -clients flag into table entries.
func parseClients(s string) ([]apis.Client, error) {
	var out []apis.Client
	for _, spec := range strings.Split(s, ",") {
		spec = strings.TrimSpace(spec)
		if spec == "" {
			continue
		}
		name, count, ok := strings.Cut(spec, "=")
		n, err := strconv.Atoi(count)
		if !ok || err != nil || n < 1 {
			return nil, fmt.Errorf("nestedretry: -clients entry %q: want importpath.Type.Method=N or importpath.Func=N with N >= 1", spec)
		}
		slash := strings.LastIndex(name, "/")
		parts := strings.Split(name[slash+1:], ".")
		if len(parts) < 2 || len(parts) > 3 || hasEmpty(parts) {
			return nil, fmt.Errorf("nestedretry: -clients entry %q: want importpath.Type.Method=N or importpath.Func=N", spec)
		}
		a := apis.Client{Label: name, Pkg: name[:slash+1] + parts[0], Names: []string{parts[len(parts)-1]}, Attempts: n, Declared: true}
		if len(parts) == 3 {
			a.Recv = []string{parts[1]}
		}
		out = append(out, a)
	}
	return out, nil
}

// hasEmpty reports whether any part is empty.
func hasEmpty(parts []string) bool {
	for _, p := range parts {
		if p == "" {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	res, _ := pass.ResultOf[retrysite.Analyzer].(*retrysite.Result)
	if res == nil || pass.TypesInfo == nil || pass.Pkg == nil {
		return nil, nil
	}
	if typematch.InStdlib(pass.Pkg.Path()) {
		// The standard library's own loops (database/sql's bad-connection
		// retries, which cannot be turned off) are not layers to report.
		return nil, nil
	}
	exportErrorsFuncs(pass)
	if pass.Pkg.Path() == apis.Gax {
		// gax-go's Invoke retries as the call's options say; a call that
		// reaches it is judged at the GAPIC method (apis.GaxCall), and no fact
		// makes every method that calls Invoke a retrying one.
		return nil, nil
	}
	table := slices.Concat(clients.table, apis.Clients)
	r := report.New(pass)
	root := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector).Root()
	if len(res.Sites) == 0 && !relevant(pass, table) && !mayForward(pass, root, table) {
		wire(pass, ownSides{}, r)
		return nil, nil
	}
	c := newChecker(pass, root, res, table)
	c.exportFacts()
	c.exportRetried()
	c.exportForwards()
	c.report(r)
	wire(pass, ownSides{retried: append(c.ownRetriedMethods(), c.forwardedRetries()...), impls: c.ownRetryingImpls()}, r)
	return nil, nil
}

// relevant reports whether a package without retry sites may still hold a
// function that leads to retries: it imports a retrying client's package,
// or a dependency has a function known to lead to retries.
func relevant(pass *analysis.Pass, table []apis.Client) bool {
	for _, imp := range pass.Pkg.Imports() {
		for _, a := range table {
			if a.Via == imp.Path() || a.Via == "" && a.HasPkg(imp.Path()) {
				return true
			}
		}
	}
	return len(pass.AllObjectFacts()) > 0
}

// funcLink names fn for a chain.
func funcLink(fn *types.Func) Link {
	l := Link{Name: fn.Name()}
	if fn.Pkg() != nil {
		l.PkgPath, l.PkgName = fn.Pkg().Path(), fn.Pkg().Name()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		star := ""
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t, star = p.Elem(), "*"
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			l.Name = "(" + star + n.Obj().Name() + ")." + fn.Name()
		}
	}
	return l
}

// siteName names a retry site that another layer calls: the runner it calls,
// or for a loop nothing (the function holding the loop is the layer's name).
func siteName(s *retrysite.Site) []Link {
	if s.Kind == retrysite.Loop || s.Runner == nil {
		return nil
	}
	return []Link{funcLink(s.Runner)}
}

// inFunc reports whether node lies in the function fn (a *ast.FuncDecl or *ast.FuncLit).
func inFunc(fn ast.Node, node ast.Node) bool {
	return fn != nil && node != nil && fn.Pos() <= node.Pos() && node.End() <= fn.End()
}
