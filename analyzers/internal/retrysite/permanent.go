package retrysite

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
)

// pollsAnswer reports whether the operation body, handed to the known runner
// fn, gives up as soon as a call in it that may reach another process
// fails: fn retries every error but those its package's marker wraps
// (cenkalti's backoff.Permanent, retry-go's Unrecoverable, retrylint's
// retry.Permanent), and the operation wraps the error of each such call in
// it (if err != nil { return backoff.Permanent(err) }). The runner then
// goes round only on the operation's own verdict on an answer it got (lego's
// anexia provider re-reading the zone until the record it created shows):
// a poll of the dependency, not a retry of it, so no retry site. An answer
// that carries a status code (a raw HTTP response) may be the server's
// failure, so an operation that gets one is no such poll.
func (a *recogniser) pollsAnswer(body *ast.BlockStmt, decl *ast.FuncDecl, fn *types.Func) bool {
	kind, p := apis.OutcomeOf(fn)
	if p == nil || kind != apis.RetriesErrors || p.Marker == "" {
		return false
	}
	bodyCur, ok := a.root.FindNode(body)
	if !ok {
		return false
	}
	remote, marked := 0, true
	bodyCur.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.CallExpr)(nil)}, func(cur inspector.Cursor) bool {
		call, isCall := cur.Node().(*ast.CallExpr)
		if !isCall || !marked {
			return false // a function literal's calls are its own
		}
		if !returnsError(a.info, call) || a.reaches(call, decl) == Local {
			return true
		}
		remote++
		// An answer with a status code may itself be the server's failure
		// (a 503), which the operation's verdict then retries (cli's
		// withRetry: transport errors permanent, 5xx answers retried).
		marked = !returnsStatus(a.info, call) && a.failureMarked(cur, p)
		return marked
	})
	return remote > 0 && marked
}

// returnsError reports whether call's last result is an error.
func returnsError(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tuple, ok := t.(*types.Tuple); ok {
		if tuple.Len() == 0 {
			return false
		}
		t = tuple.At(tuple.Len() - 1).Type()
	}
	return t != nil && typematch.IsError(t)
}

// returnsStatus reports whether one of call's results carries a status
// code, as the attempts' responses do (hasStatus).
func returnsStatus(info *types.Info, call *ast.CallExpr) bool {
	t := info.TypeOf(call)
	if tuple, ok := t.(*types.Tuple); ok {
		for v := range tuple.Variables() {
			if hasStatus(v.Type()) {
				return true
			}
		}
		return false
	}
	return t != nil && hasStatus(t)
}

// failureMarked reports whether the error of the call at cur is assigned to
// a variable that the statement right after tests (or, for
// if err := call(); ..., the if statement itself) with err != nil, leaving
// the operation by a return whose error is p's marker call.
func (a *recogniser) failureMarked(cur inspector.Cursor, p *apis.RetryPackage) bool {
	if kind, _ := cur.ParentEdge(); kind != edge.AssignStmt_Rhs {
		return false
	}
	asCur := cur.Parent()
	as := asCur.Node().(*ast.AssignStmt)
	if len(as.Rhs) != 1 {
		return false
	}
	errVar := a.info.ObjectOf(typematch.Ident(as.Lhs[len(as.Lhs)-1]))
	if errVar == nil {
		return false
	}
	var check *ast.IfStmt
	switch kind, idx := asCur.ParentEdge(); kind {
	case edge.IfStmt_Init:
		check = asCur.Parent().Node().(*ast.IfStmt)
	case edge.BlockStmt_List:
		list := asCur.Parent().Node().(*ast.BlockStmt).List
		if idx+1 < len(list) {
			check, _ = list[idx+1].(*ast.IfStmt)
		}
	}
	if check == nil || check.Else != nil || len(check.Body.List) == 0 || !a.testsNonNil(check.Cond, errVar) {
		return false
	}
	if _, ends := check.Body.List[len(check.Body.List)-1].(*ast.ReturnStmt); !ends {
		return false
	}
	// Every return on the way out gives the marker: none hands the runner
	// the error to retry.
	marked := true
	ast.Inspect(check.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			var mark *ast.CallExpr
			if len(n.Results) > 0 {
				mark, _ = ast.Unparen(n.Results[len(n.Results)-1]).(*ast.CallExpr)
			}
			marked = marked && mark != nil && typematch.IsFunc(typematch.Callee(a.info, mark), p.Path, p.Marker)
		}
		return marked
	})
	return marked
}

// testsNonNil reports whether cond is v != nil (or nil != v).
func (a *recogniser) testsNonNil(cond ast.Expr, v types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	isNil := func(e ast.Expr) bool { return a.info.Types[e].IsNil() }
	is := func(e ast.Expr) bool { return a.info.ObjectOf(typematch.Ident(e)) == v }
	return is(b.X) && isNil(b.Y) || isNil(b.X) && is(b.Y)
}
