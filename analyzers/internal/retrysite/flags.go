package retrysite

import (
	"flag"
	"fmt"
	"go/types"
	"strings"
)

// funcList is a flag value: a comma-separated list of functions written
// importpath.Func or importpath.Type.Method, such as
// github.com/acme/kit/retry.Do or github.com/acme/kit/retry.Pacer.Call.
type funcList struct {
	names []string
	funcs []funcName
}

type funcName struct{ path, recv, name string }

func (l *funcList) String() string { return strings.Join(l.names, ",") }

func (l *funcList) Set(s string) error {
	l.names, l.funcs = nil, nil
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		slash := strings.LastIndex(item, "/")
		rest := item[slash+1:]
		parts := strings.Split(rest, ".")
		if len(parts) < 2 || len(parts) > 3 || parts[0] == "" || parts[len(parts)-1] == "" {
			return fmt.Errorf("%q: want importpath.Func or importpath.Type.Method", item)
		}
		f := funcName{path: item[:slash+1] + parts[0], name: parts[len(parts)-1]}
		if len(parts) == 3 {
			f.recv = parts[1]
		}
		l.names = append(l.names, item)
		l.funcs = append(l.funcs, f)
	}
	return nil
}

// has reports whether fn is in the list.
func (l *funcList) has(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	for _, f := range l.funcs {
		if f.name != fn.Name() || f.path != fn.Pkg().Path() {
			continue
		}
		recv := fn.Signature().Recv()
		if f.recv == "" && recv == nil {
			return true
		}
		if f.recv != "" && recv != nil {
			if n, ok := types.Unalias(derefType(recv.Type())).(*types.Named); ok && n.Obj().Name() == f.recv {
				return true
			}
		}
	}
	return false
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// The user's additions, set through the flags of retrysite.Analyzer and of
// the analyzers that expose them (nojitter's -nojitter.runners and
// -nojitter.jitter share these values, so one setting reaches the
// recogniser whichever analyzer's flag carries it).
var (
	userRunners funcList
	userJitters funcList
)

// RunnersFlag is the flag value listing the user's own retry runners: calls
// to them are LibraryCall sites whose operation is the last function argument.
func RunnersFlag() flag.Value { return &userRunners }

// JitterFlag is the flag value listing the user's own functions that return
// a randomised duration.
func JitterFlag() flag.Value { return &userJitters }

func init() {
	Analyzer.Flags.Var(&userRunners, "runners", "comma-separated retry runners of your own (importpath.Func or importpath.Type.Method) whose last function argument is the operation")
	Analyzer.Flags.Var(&userJitters, "jitter", "comma-separated functions of your own (importpath.Func) that return a randomised duration")
}

func (a *recogniser) userJitter(fn *types.Func) bool { return userJitters.has(fn) }
