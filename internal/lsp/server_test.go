package lsp

import (
	"context"
	"encoding/json"
	"flag"
	"go/ast"
	"go/types"
	"log"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

var update = flag.Bool("update", false, "rewrite the .golden files")

// getFact marks a function that calls http.Get, so that the test analyzer
// proves facts flow from dependencies through the server's loads.
type getFact struct{}

func (*getFact) AFact()         {}
func (*getFact) String() string { return "calls http.Get" }

// httpGet is a test analyzer independent of retrylint's own, so the
// protocol tests do not move when an analyzer's messages do: it reports
// http.Get calls (with a fix that calls timeoutClient.Get instead) and
// calls of functions of other packages that call http.Get (a fact).
var httpGet = &analysis.Analyzer{
	Name:      "httpget",
	Doc:       "report http.Get calls",
	URL:       "https://example.com/httpget",
	Requires:  []*analysis.Analyzer{inspect.Analyzer},
	FactTypes: []analysis.Fact{new(getFact)},
	Run: func(pass *analysis.Pass) (any, error) {
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				continue
			}
			fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
			if !ok || fn.Pkg() == nil {
				continue
			}
			if fn.Pkg().Path() == "net/http" && fn.Name() == "Get" && fn.Signature().Recv() == nil {
				for decl := range cur.Enclosing((*ast.FuncDecl)(nil)) {
					pass.ExportObjectFact(pass.TypesInfo.Defs[decl.Node().(*ast.FuncDecl).Name], new(getFact))
				}
				pass.Report(analysis.Diagnostic{
					Pos: call.Pos(), End: call.End(),
					Message: "http.Get uses a client without timeout",
					SuggestedFixes: []analysis.SuggestedFix{{
						Message:   "call timeoutClient.Get",
						TextEdits: []analysis.TextEdit{{Pos: sel.Pos(), End: sel.End(), NewText: []byte("timeoutClient.Get")}},
					}},
				})
			} else if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, new(getFact)) {
				pass.Reportf(call.Pos(), "%s.%s calls http.Get", fn.Pkg().Name(), fn.Name())
			}
		}
		return nil, nil
	},
}

// testWriter sends the server's log to the test's.
type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimSuffix(string(p), "\n"))
	return len(p), nil
}

// logFunc is a writer for the server's log that calls f with each line.
type logFunc func(string)

func (f logFunc) Write(p []byte) (int, error) {
	f(string(p))
	return len(p), nil
}

// client is the test's end of a server connection.
type client struct {
	t     testing.TB
	conn  jsonrpc2.Conn
	diags chan *protocol.PublishDiagnosticsParams
	exit  chan int
}

// start serves opts on one end of a pipe and returns a client on the other.
func start(t testing.TB, opts Options) *client {
	t.Helper()
	srv, cli := net.Pipe()
	c := &client{t: t, diags: make(chan *protocol.PublishDiagnosticsParams, 100), exit: make(chan int, 1)}
	if opts.Log == nil {
		opts.Log = log.New(testWriter{t}, "", 0)
		opts.Verbose = testing.Verbose()
	}
	if opts.Debounce == 0 {
		opts.Debounce = 20 * time.Millisecond
	}
	go func() { c.exit <- Serve(context.Background(), srv, opts) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(cli))
	c.conn.Go(context.Background(), func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			p := new(protocol.PublishDiagnosticsParams)
			if err := json.Unmarshal(req.Params(), p); err != nil {
				t.Errorf("publishDiagnostics: %v", err)
			}
			c.diags <- p
		}
		return reply(ctx, nil, nil)
	})
	t.Cleanup(func() { c.conn.Close() })
	return c
}

func (c *client) call(method string, params, result any) error {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := c.conn.Call(ctx, method, params, result)
	return err
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) initialize() {
	c.t.Helper()
	var res protocol.InitializeResult
	if err := c.call(protocol.MethodInitialize, &protocol.InitializeParams{}, &res); err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	if res.ServerInfo == nil || res.ServerInfo.Name != "retrylint" || res.Capabilities.CodeActionProvider == nil {
		c.t.Fatalf("initialize result %+v", res)
	}
	c.notify(protocol.MethodInitialized, &protocol.InitializedParams{})
}

// waitDiagnostics returns the next diagnostics published for u.
func (c *client) waitDiagnostics(u protocol.DocumentURI) []protocol.Diagnostic {
	c.t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case p := <-c.diags:
			if p.URI == u {
				return p.Diagnostics
			}
		case <-timeout:
			c.t.Fatalf("no diagnostics for %s", u)
		}
	}
}

func (c *client) shutdownExit() int {
	c.t.Helper()
	if err := c.call(protocol.MethodShutdown, nil, nil); err != nil {
		c.t.Fatalf("shutdown: %v", err)
	}
	c.notify(protocol.MethodExit, nil)
	select {
	case code := <-c.exit:
		return code
	case <-time.After(time.Minute):
		c.t.Fatal("server did not exit")
		return -1
	}
}

// copyModule copies testdata/lsp/<name> (go.mod.txt becomes go.mod) to a
// temporary directory and returns it.
func copyModule(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("..", "..", "testdata", "lsp", name)
	dst := t.TempDir()
	err := filepath.Walk(src, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || strings.HasSuffix(path, ".golden") {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		rel = strings.TrimSuffix(rel, ".txt")
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, filepath.Dir(rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// applyEdits applies LSP edits (UTF-16 positions) to text.
func applyEdits(t *testing.T, text string, edits []protocol.TextEdit) string {
	t.Helper()
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{offset(t, text, e.Range.Start), offset(t, text, e.Range.End), e.NewText})
	}
	// Apply from the end so earlier offsets stay valid.
	for i := len(spans) - 1; i >= 0; i-- {
		for j := 0; j < i; j++ {
			if spans[j].start > spans[j+1].start {
				spans[j], spans[j+1] = spans[j+1], spans[j]
			}
		}
	}
	for i := len(spans) - 1; i >= 0; i-- {
		s := spans[i]
		text = text[:s.start] + s.text + text[s.end:]
	}
	return text
}

// offset is the byte offset of an LSP position, counting UTF-16 units.
func offset(t *testing.T, text string, p protocol.Position) int {
	t.Helper()
	lines := strings.SplitAfter(text, "\n")
	if int(p.Line) >= len(lines) {
		t.Fatalf("position %v beyond %d lines", p, len(lines))
	}
	off := 0
	for _, l := range lines[:p.Line] {
		off += len(l)
	}
	units := 0
	for i, r := range lines[p.Line] {
		if units == int(p.Character) {
			return off + i
		}
		units += utf16Len(r)
	}
	if units == int(p.Character) {
		return off + len(strings.TrimSuffix(lines[p.Line], "\n"))
	}
	t.Fatalf("position %v beyond line %q", p, lines[p.Line])
	return 0
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "lsp", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
	}
}

// TestDiagnosticsFixesAndLifecycle drives a whole session over a pipe:
// a finding on open, its quick fix (checked against the golden file), the
// diagnostic cleared after an edit, broken code, shutdown and exit.
func TestDiagnosticsFixesAndLifecycle(t *testing.T) {
	c := start(t, Options{Analyzers: []*analysis.Analyzer{httpGet}})
	_, u, text, diags := openFetch(t, c)
	get, fact := diags[0], diags[1]
	// `/* 🔁 retry */ resp, err := http.Get(u + "?q=é😀")` on line 17:
	// the call starts after a tab and a comment whose emoji is 2 UTF-16
	// units, and ends after a string holding one more.
	want := protocol.Range{Start: protocol.Position{Line: 16, Character: 29}, End: protocol.Position{Line: 16, Character: 51}}
	if get.Range != want {
		t.Errorf("range %+v, want %+v", get.Range, want)
	}
	if get.Severity != protocol.DiagnosticSeverityWarning || get.Source != "retrylint" || get.Code != "httpget" ||
		get.CodeDescription == nil || get.CodeDescription.Href != "https://example.com/httpget" ||
		get.Message != "http.Get uses a client without timeout" {
		t.Errorf("diagnostic %+v", get)
	}
	if fact.Message != "dep.Fetch calls http.Get" || fact.Range.Start.Line != 21 {
		t.Errorf("fact diagnostic %+v, want dep.Fetch on line 22", fact)
	}

	// The quick fix of the first finding, requested with the cursor inside it.
	var actions []protocol.CodeAction
	cursor := protocol.Range{Start: protocol.Position{Line: 16, Character: 35}, End: protocol.Position{Line: 16, Character: 35}}
	if err := c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: cursor,
		Context: protocol.CodeActionContext{Diagnostics: []protocol.Diagnostic{get}},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Kind != protocol.QuickFix || !actions[0].IsPreferred || actions[0].Edit == nil {
		t.Fatalf("code actions %+v", actions)
	}
	fixed := applyEdits(t, text, actions[0].Edit.Changes[u])
	golden(t, "fetch/fetch.go.golden", fixed)

	// Applying the fix in the buffer clears the direct finding.
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 2},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: fixed}},
	})
	diags = c.waitDiagnostics(u)
	if len(diags) != 1 || diags[0].Message != "dep.Fetch calls http.Get" {
		t.Fatalf("after the fix: %+v", diags)
	}

	// Broken code does not crash the server; a later good edit is analysed.
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 3},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: strings.Replace(text, "func Status", "func Status(", 1)}},
	})
	c.waitDiagnostics(u)
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: 4},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: text}},
	})
	if diags := c.waitDiagnostics(u); len(diags) != 2 {
		t.Fatalf("after repairing: %+v", diags)
	}

	if code := c.shutdownExit(); code != 0 {
		t.Errorf("exit code %d after shutdown, want 0", code)
	}
}
