package unkeyedpost

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers/internal/apis"
	"github.com/retrylint/retrylint/analyzers/internal/fixes"
	"github.com/retrylint/retrylint/analyzers/internal/retrysite"
	"github.com/retrylint/retrylint/analyzers/internal/source"
	"github.com/retrylint/retrylint/analyzers/internal/typematch"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
)

// keyNames are the names tried, in order, for the variable that holds a key
// made once before a retry site.
var keyNames = []string{"key", "idempotencyKey", "idemKey"}

// keyFix sets an idempotency key on a request built by NewRequest* right
// after it is built (and its error checked): a key made once before the
// outermost retry site that builds it, or, for a request built once, a key
// made where it is built.
func (c *checker) keyFix(cur inspector.Cursor, call *ast.CallExpr, req *types.Var) []analysis.SuggestedFix {
	stmt := cur.Parent()
	as, ok := stmt.Node().(*ast.AssignStmt)
	if !ok || !inBlock(stmt) {
		return nil
	}
	anchor := stmt
	if next, ok := stmt.NextSibling(); ok && len(as.Lhs) == 2 {
		if ifs, ok := next.Node().(*ast.IfStmt); ok && ifs.Init == nil && c.mentions(next.ChildAt(edge.IfStmt_Cond, -1), c.varOf(as.Lhs[1])) {
			anchor = next
		}
	}
	file := c.fileOf(cur)
	at := anchor.Node().End()
	if file == nil || c.lookup(req.Name(), at) != req {
		return nil
	}
	pkg, edits := fixes.AddImport(c.pass.TypesInfo, file, at, apis.Retry, "retry", "rlretry")
	key, keyEdits, ok := c.keyExpr(call, pkg)
	if !ok {
		return nil
	}
	set := fmt.Sprintf("\n%s%s.Header.Set(%s, %s)", c.indent(stmt.Node()), req.Name(),
		fixes.QualifiedName(pkg, "IdempotencyKeyHeader"), key)
	edits = append(edits, keyEdits...)
	edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(set)})
	return []analysis.SuggestedFix{{Message: "set an Idempotency-Key made once for all attempts", TextEdits: edits}}
}

// restyFix adds .SetHeader(retry.IdempotencyKeyHeader, key) to a resty
// request chain before its Post/Patch/Execute.
func (c *checker) restyFix(cur inspector.Cursor, call *ast.CallExpr) []analysis.SuggestedFix {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	file := c.fileOf(cur)
	if !ok || file == nil {
		return nil
	}
	pkg, edits := fixes.AddImport(c.pass.TypesInfo, file, call.Pos(), apis.Retry, "retry", "rlretry")
	key, keyEdits, ok := c.keyExpr(call, pkg)
	if !ok {
		return nil
	}
	set := fmt.Sprintf(".SetHeader(%s, %s)", fixes.QualifiedName(pkg, "IdempotencyKeyHeader"), key)
	if c.pass.Fset.Position(sel.X.End()).Line != c.pass.Fset.Position(sel.Sel.Pos()).Line {
		set = ".\n" + c.indent(sel.Sel) + set[1:] // one call a line, as the chain is written
	}
	edits = append(edits, keyEdits...)
	edits = append(edits, analysis.TextEdit{Pos: sel.X.End(), End: sel.X.End(), NewText: []byte(set)})
	return []analysis.SuggestedFix{{Message: "set an Idempotency-Key made once for all attempts", TextEdits: edits}}
}

// keyExpr returns the key a request built at n carries: outside any retry
// site, a call of retry.NewIdempotencyKey (the request, built once, is sent
// again as it is); inside one, a variable made before the outermost site.
func (c *checker) keyExpr(n ast.Node, pkg string) (string, []analysis.TextEdit, bool) {
	mk := fixes.QualifiedName(pkg, "NewIdempotencyKey") + "()"
	sites := c.enclosing(n.Pos())
	if len(sites) == 0 {
		return mk, nil, true
	}
	site := sites[0]
	before := c.siteStmt(site)
	if before == nil {
		return "", nil, false
	}
	name := c.freeName(site, before, pkg)
	if name == "" {
		return "", nil, false
	}
	return name, []analysis.TextEdit{c.insertBefore(before, name+" := "+mk)}, true
}

// moveFix moves the making of a key out of the attempt of site, to just
// before the site, when that is safe: the key expression uses nothing
// declared inside the site, its name means the same thing there, and it
// does nothing but make the key (see onlyMakes). Only the key moves: a send
// stays in its attempt, whatever the shape of the statement that holds it
// (err := post(ctx, newKey()), err = ..., if err = ...; err == nil, an
// expression statement, a return).
func (c *checker) moveFix(w headerWrite, mk *ast.CallExpr, site *retrysite.Site) []analysis.SuggestedFix {
	before := c.siteStmt(site)
	if before == nil {
		return nil
	}
	msg := []analysis.SuggestedFix{{Message: "make the idempotency key once, before the " + site.Kind.String()}}
	// The key is made in the definition of a variable (key := uuid.NewString())
	// that does not itself send it: move the definition.
	if def := c.definitionOf(mk); def != nil && !within(w.node, def.Node()) {
		as := def.Node().(*ast.AssignStmt)
		v := c.varOf(as.Lhs[0])
		value := def.ChildAt(edge.AssignStmt_Rhs, 0)
		if v == nil || !within(def.Node(), site.Attempt) || len(c.fresh.assigned[v]) != 1 ||
			!c.usesOnlyOuterNames(value, site) || !c.onlyMakes(value) || !c.nameFree(v.Name(), site, before, v) ||
			!c.claim(c.blockScope(before), v.Name()) {
			return nil
		}
		msg[0].TextEdits = []analysis.TextEdit{c.insertBefore(before, c.text(def.Node())), c.deleteStmt(def)}
		return msg
	}
	// The key is made inline in the write or in the argument of the call
	// that sends it: name it before the site.
	if !within(mk, w.value) || !isString(c.pass.TypesInfo.TypeOf(w.value)) {
		return nil
	}
	if value, ok := c.cursorOf(w.value); !ok || !c.usesOnlyOuterNames(value, site) || !c.onlyMakes(value) {
		return nil
	}
	name := c.freeName(site, before, "")
	if name == "" {
		return nil
	}
	msg[0].TextEdits = []analysis.TextEdit{
		c.insertBefore(before, name+" := "+c.text(w.value)),
		{Pos: w.value.Pos(), End: w.value.End(), NewText: []byte(name)},
	}
	return msg
}

// onlyMakes reports whether evaluating e does nothing but make a value:
// each call in it makes a new value (a key maker: see isProducer and
// FreshKeyFact), converts, formats or encodes one (see passesOn). Moved out
// of an attempt, such an expression takes no send, wait or other effect of
// the attempt with it.
func (c *checker) onlyMakes(e inspector.Cursor) bool {
	info := c.pass.TypesInfo
	for cur := range e.Preorder((*ast.FuncLit)(nil), (*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				return false
			}
		case *ast.CallExpr:
			if tv, found := info.Types[n.Fun]; found && tv.IsType() {
				break // a conversion
			}
			if fn := typematch.Callee(info, n); fn == nil ||
				!isProducer(fn) && !c.fresh.returnsFresh(fn) && (fn.Pkg() == nil || !passesOn[fn.Pkg().Path()]) {
				return false
			}
		}
	}
	return true
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// within reports whether n lies inside outer.
func within(n, outer ast.Node) bool {
	return outer != nil && outer.Pos() <= n.Pos() && n.End() <= outer.End()
}

// inBlock reports whether the statement at cur is one of a statement list.
func inBlock(cur inspector.Cursor) bool {
	switch cur.ParentEdgeKind() {
	case edge.BlockStmt_List, edge.CaseClause_Body, edge.CommClause_Body:
		return true
	}
	return false
}

// siteStmt returns the statement, in a statement list, that holds the
// site, for code that must run once before it; nil when the attempt is not
// written inside the site (a named operation) or no such statement exists.
func (c *checker) siteStmt(site *retrysite.Site) *inspector.Cursor {
	if site.Attempt == nil || !within(site.Attempt, site.Node) {
		return nil
	}
	cur, ok := c.cursorOf(site.Node)
	if !ok {
		return nil
	}
	for !inBlock(cur) {
		switch cur.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl, *ast.File:
			return nil
		}
		cur = cur.Parent()
		if !cur.Valid() {
			return nil
		}
	}
	if c.jumpedOver(cur) {
		return nil
	}
	return &cur
}

// jumpedOver reports whether a goto before the statement at cur jumps to a
// label at or after it in its block (or case clause). A variable declared
// just before the statement would then be jumped over into its scope, which
// Go forbids ("goto L jumps over variable declaration"), so no fix may
// declare one there.
//
// Nothing earlier is a safe place either: before the goto, the key would be
// made on paths that never send (and, in an enclosing block, shared by
// operations that need keys of their own).
func (c *checker) jumpedOver(cur inspector.Cursor) bool {
	at, block := cur.Node().Pos(), cur.Parent().Node()
	for fn := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		for br := range fn.Preorder((*ast.BranchStmt)(nil)) {
			b := br.Node().(*ast.BranchStmt)
			if b.Tok != token.GOTO || b.Label == nil || b.Pos() >= at {
				continue
			}
			// The label is the innermost function's: a goto in a function
			// literal before cur lies, with its label, before cur too.
			if l := c.pass.TypesInfo.Uses[b.Label]; l != nil && l.Pos() >= at && l.Pos() < block.End() {
				return true
			}
		}
		break // labels belong to the innermost function
	}
	return false
}

// definitionOf returns the v := e statement, alone in a statement list,
// whose e holds the call mk; nil when mk is elsewhere.
func (c *checker) definitionOf(mk *ast.CallExpr) *inspector.Cursor {
	cur, ok := c.cursorOf(mk)
	if !ok {
		return nil
	}
	for stmt := range cur.Enclosing((*ast.AssignStmt)(nil), (*ast.FuncLit)(nil)) {
		as, ok := stmt.Node().(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || !inBlock(stmt) {
			return nil
		}
		return &stmt
	}
	return nil
}

// usesOnlyOuterNames reports whether every name e uses is declared outside
// the site, so that e means the same before it.
func (c *checker) usesOnlyOuterNames(e inspector.Cursor, site *retrysite.Site) bool {
	for cur := range e.Preorder((*ast.Ident)(nil)) {
		if obj := c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)]; obj != nil && within(&ast.Ident{NamePos: obj.Pos()}, site.Node) {
			return false
		}
	}
	return true
}

// freeName returns the first of keyNames, then key2, key3, ..., that can
// be declared before the site: nothing of that name is visible there,
// declared later in that scope, or declared inside the site. It returns ""
// when the place has no scope to look names up in, or the site cannot be
// walked (then nameFree accepts no name).
//
// Each fix that declares a key in the same block gets its own name (see
// claim): two requests in one attempt are two operations and need two keys,
// and two retry sites in one block declare their keys side by side.
func (c *checker) freeName(site *retrysite.Site, before *inspector.Cursor, taken string) string {
	scope := c.blockScope(before)
	if _, ok := c.cursorOf(site.Node); !ok || scope == nil {
		return ""
	}
	for i := 0; ; i++ {
		name := "key" + strconv.Itoa(i-len(keyNames)+2)
		if i < len(keyNames) {
			name = keyNames[i]
		}
		if name != taken && c.nameFree(name, site, before, nil) && c.claim(scope, name) {
			return name
		}
	}
}

// claim records that a fix declares name in scope, unless another fix
// already does: fixes are made one by one on the code as written, and two
// sites in one block must not both declare key there.
func (c *checker) claim(scope *types.Scope, name string) bool {
	if slices.Contains(c.named[scope], name) {
		return false
	}
	c.named[scope] = append(c.named[scope], name)
	return true
}

// nameFree reports whether name, declared just before the site, would be
// self (when not nil) everywhere in the site, and clash with nothing.
func (c *checker) nameFree(name string, site *retrysite.Site, before *inspector.Cursor, self *types.Var) bool {
	pos := before.Node().Pos()
	scope := c.blockScope(before)
	if scope == nil {
		return false
	}
	if _, obj := scope.LookupParent(name, pos); obj != nil {
		return false
	}
	if scope.Lookup(name) != nil {
		return false
	}
	node, ok := c.cursorOf(site.Node)
	if !ok {
		return false
	}
	for cur := range node.Preorder((*ast.Ident)(nil)) {
		id := cur.Node().(*ast.Ident)
		if obj := c.pass.TypesInfo.Defs[id]; obj != nil && obj != self && id.Name == name {
			return false
		}
	}
	return true
}

// blockScope returns the scope of the block that holds the statement at
// cur, where a fix declares its key: not the scope of the statement itself
// (a for, if or switch statement has its own, from its first position).
func (c *checker) blockScope(cur *inspector.Cursor) *types.Scope {
	info := c.pass.TypesInfo
	for anc := cur.Parent(); anc.Valid(); anc = anc.Parent() {
		switch n := anc.Node().(type) {
		case *ast.FuncDecl:
			return info.Scopes[n.Type]
		case *ast.FuncLit:
			return info.Scopes[n.Type]
		}
		if s := info.Scopes[anc.Node()]; s != nil {
			return s
		}
	}
	return nil
}

// lookup returns the object name refers to at pos.
func (c *checker) lookup(name string, pos token.Pos) types.Object {
	if s := source.Scope(c.pass.TypesInfo, source.File(c.pass.Files, pos), pos); s != nil {
		_, obj := s.LookupParent(name, pos)
		return obj
	}
	return nil
}

// mentions reports whether e refers to v.
func (c *checker) mentions(e inspector.Cursor, v *types.Var) bool {
	for cur := range e.Preorder((*ast.Ident)(nil)) {
		if v != nil && c.pass.TypesInfo.Uses[cur.Node().(*ast.Ident)] == v {
			return true
		}
	}
	return false
}

func (c *checker) fileOf(cur inspector.Cursor) *ast.File {
	for f := range cur.Enclosing((*ast.File)(nil)) {
		return f.Node().(*ast.File)
	}
	return nil
}

// indent is the indentation of the line n starts (gofmt's tabs).
func (c *checker) indent(n ast.Node) string {
	return strings.Repeat("\t", max(c.pass.Fset.Position(n.Pos()).Column-1, 0))
}

// insertBefore inserts a statement on its own line before the one at cur.
func (c *checker) insertBefore(cur *inspector.Cursor, stmt string) analysis.TextEdit {
	pos := cur.Node().Pos()
	return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(stmt + "\n" + c.indent(cur.Node()))}
}

// deleteStmt deletes the statement at cur, with its line when it has the
// line to itself (no comment or other statement shares it).
func (c *checker) deleteStmt(cur *inspector.Cursor) analysis.TextEdit {
	n := cur.Node()
	edit := analysis.TextEdit{Pos: n.Pos(), End: n.End()}
	tf := c.pass.Fset.File(n.Pos())
	file := c.fileOf(*cur)
	if tf == nil || file == nil {
		return edit
	}
	first, last := tf.Line(n.Pos()), tf.Line(n.End())
	if prev, ok := cur.PrevSibling(); ok && tf.Line(prev.Node().End()) >= first {
		return edit
	}
	if next, ok := cur.NextSibling(); ok && tf.Line(next.Node().Pos()) <= last {
		return edit
	}
	for _, cg := range file.Comments {
		if l := tf.Line(cg.Pos()); l >= first && l <= last || tf.Line(cg.End()) == first {
			return edit
		}
	}
	if last >= tf.LineCount() {
		return edit
	}
	return analysis.TextEdit{Pos: tf.LineStart(first), End: tf.LineStart(last + 1)}
}

// text prints a node as Go source.
func (c *checker) text(n ast.Node) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, c.pass.Fset, n); err != nil {
		return ""
	}
	return buf.String()
}
