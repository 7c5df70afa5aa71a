package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"
	"net"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// A dial of a loopback address connects to a process on this host: the
// connection ends at the local listener, whatever that process does next.
// A loop that dials 127.0.0.1:port until it connects waits for a process it
// (or its host) started to listen (ollama waits for the gateway it just
// launched); it retries no remote dependency. Only the dial is local: an
// HTTP request to a loopback address may go on through a sidecar (a Consul
// or Dapr agent) to a shared server, so requests keep their reach.

// maxAddrDepth bounds the callers followed to learn a dial's address.
const maxAddrDepth = 3

// dialsLoopback reports whether call, a call of fn in decl, is a net dial
// (net.Dial, net.DialTimeout, a net.Dialer's Dial or DialContext) of an
// address that is a loopback address on every path.
func (a *recogniser) dialsLoopback(fn *types.Func, call *ast.CallExpr, decl *ast.FuncDecl) bool {
	addr := -1
	switch {
	case typematch.IsFunc(fn, "net", "Dial"), typematch.IsFunc(fn, "net", "DialTimeout"),
		typematch.IsMethod(fn, "net", "Dialer", "Dial"):
		addr = 1
	case typematch.IsMethod(fn, "net", "Dialer", "DialContext"):
		addr = 2
	}
	return addr >= 0 && addr < len(call.Args) && a.loopbackAddr(call.Args[addr], decl, 0)
}

// loopbackAddr reports whether the address e, evaluated in decl, has a
// loopback host: a constant ("127.0.0.1:8080"), a format or a sum that
// starts with one ("localhost:%d", "[::1]:" + port), net.JoinHostPort of
// one, a local variable given one once, or a parameter of an unexported
// function that is only ever called, with such an address at every call.
func (a *recogniser) loopbackAddr(e ast.Expr, decl *ast.FuncDecl, depth int) bool {
	if depth > maxAddrDepth {
		return false
	}
	e = ast.Unparen(e)
	if s, ok := typematch.StringConst(a.info, e); ok {
		host, _, err := net.SplitHostPort(s)
		return err == nil && isLoopbackHost(host)
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if s, ok := typematch.StringConst(a.info, e.X); ok {
				return loopbackPrefix(s)
			}
			if x, ok := ast.Unparen(e.X).(*ast.BinaryExpr); ok && x.Op == token.ADD {
				return a.loopbackAddr(x, decl, depth) // "127.0.0.1:" + a + b
			}
		}
	case *ast.CallExpr:
		fn := typematch.Callee(a.info, e)
		switch {
		case typematch.IsFunc(fn, "fmt", "Sprintf") && len(e.Args) > 0:
			if s, ok := typematch.StringConst(a.info, e.Args[0]); ok {
				return loopbackPrefix(s)
			}
		case typematch.IsFunc(fn, "net", "JoinHostPort") && len(e.Args) == 2:
			return a.loopbackHost(e.Args[0], decl, depth)
		}
	case *ast.Ident:
		if v := a.value(e); v != e {
			return a.loopbackAddr(v, decl, depth+1)
		}
		return a.eachCallGives(e, decl, depth, a.loopbackAddr)
	}
	return false
}

// loopbackHost is loopbackAddr for a host without a port.
func (a *recogniser) loopbackHost(e ast.Expr, decl *ast.FuncDecl, depth int) bool {
	if depth > maxAddrDepth {
		return false
	}
	if s, ok := typematch.StringConst(a.info, e); ok {
		return isLoopbackHost(s)
	}
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v := a.value(id); v != id {
			return a.loopbackHost(v, decl, depth+1)
		}
		return a.eachCallGives(id, decl, depth, a.loopbackHost)
	}
	return false
}

// eachCallGives reports whether id names a parameter of decl that every
// call gives an argument for which ok holds in the caller (see callsGiving),
// and some call does.
func (a *recogniser) eachCallGives(id *ast.Ident, decl *ast.FuncDecl, depth int, ok func(ast.Expr, *ast.FuncDecl, int) bool) bool {
	calls, param := a.callsGiving(decl, id)
	for _, call := range calls {
		if !ok(call.Args[param], a.declAt(call.Pos()), depth+1) {
			return false
		}
	}
	return len(calls) > 0
}

// loopbackPrefix reports whether an address that starts with s (the text
// of a format before its first verb, the constant left of a sum) has a
// loopback host: s runs up to the port's colon at least.
func loopbackPrefix(s string) bool {
	if i := strings.IndexByte(s, '%'); i >= 0 {
		s = s[:i]
	}
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return false
	}
	host := s[:i]
	if strings.HasPrefix(host, "[") {
		if !strings.HasSuffix(host, "]") {
			return false // "[::1" is cut inside the brackets
		}
		host = host[1 : len(host)-1]
	}
	return isLoopbackHost(host)
}

// isLoopbackHost reports whether host names this machine's loopback
// interface: localhost, or an address in 127.0.0.0/8 or ::1.
func isLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
