package proof

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/packages"
)

// fixImports are the packages a fix may add an import of, beside those the
// code imports already.
var fixImports = []string{"context", "errors", "fmt", "math/rand", "math/rand/v2", "net/http", "time",
	"github.com/retrylint/retrylint/retry"}

// exports is an importer over export data: one consistent set of packages,
// loaded once, to type-check single packages against without go/packages.
type exports map[string]*types.Package

// loadExports loads the export data of paths and their dependencies from the
// GOPATH tree.
func loadExports(src, gopath string, paths []string) (exports, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps,
		Dir:  src,
		Env:  gopathEnv(gopath),
	}
	loaded, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, err
	}
	e := make(exports)
	packages.Visit(loaded, nil, func(p *packages.Package) {
		if p.Types != nil && len(p.Errors) == 0 {
			e[p.PkgPath] = p.Types
		}
	})
	return e, nil
}

func (e exports) Import(path string) (*types.Package, error) {
	if p, ok := e[path]; ok {
		return p, nil
	}
	return nil, fmt.Errorf("%s is not among the loaded imports", path)
}
