package lsp

import (
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/go/analysis"
)

func TestExitWithoutShutdown(t *testing.T) {
	c := start(t, Options{})
	c.initialize()
	c.notify(protocol.MethodExit, nil)
	if code := <-c.exit; code != 1 {
		t.Errorf("exit code %d without shutdown, want 1", code)
	}
}

func TestRequestAfterShutdown(t *testing.T) {
	c := start(t, Options{})
	c.initialize()
	if err := c.call(protocol.MethodShutdown, nil, nil); err != nil {
		t.Fatal(err)
	}
	var actions []protocol.CodeAction
	if err := c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{}, &actions); err == nil {
		t.Error("codeAction after shutdown succeeded, want an InvalidRequest error")
	}
	c.notify(protocol.MethodExit, nil)
	if code := <-c.exit; code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
}

func TestUnknownRequest(t *testing.T) {
	c := start(t, Options{})
	c.initialize()
	if err := c.call("textDocument/hover", map[string]any{}, nil); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Errorf("hover: %v, want method not found", err)
	}
}

func TestMapperUTF16(t *testing.T) {
	m := newMapper([]byte("ab\né😀x\n"))
	for _, tc := range []struct {
		offset     int
		line, char uint32
		ok         bool
	}{
		{0, 0, 0, true},
		{2, 0, 2, true},
		{3, 1, 0, true},  // after the newline
		{5, 1, 1, true},  // after é (2 bytes, 1 unit)
		{9, 1, 3, true},  // after 😀 (4 bytes, 2 units)
		{10, 1, 4, true}, // after x
		{11, 2, 0, true}, // the end
		{4, 0, 0, false}, // inside é
		{12, 0, 0, false},
		{-1, 0, 0, false},
	} {
		p, ok := m.position(tc.offset)
		if ok != tc.ok || ok && (p.Line != tc.line || p.Character != tc.char) {
			t.Errorf("offset %d: %v %v, want %d:%d %v", tc.offset, p, ok, tc.line, tc.char, tc.ok)
		}
	}
}

// openFetch copies the fetch test module, opens its fetch.go and returns
// the module's directory, the file's URI and text, and its two findings.
func openFetch(t *testing.T, c *client) (string, protocol.DocumentURI, string, []protocol.Diagnostic) {
	t.Helper()
	dir := copyModule(t, "fetch")
	path := filepath.Join(dir, "fetch.go")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	u := uri.File(path)
	c.initialize()
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: u, LanguageID: "go", Version: 1, Text: string(text),
	}})
	diags := c.waitDiagnostics(u)
	if len(diags) != 2 {
		t.Fatalf("on open: %+v", diags)
	}
	return dir, u, string(text), diags
}

func (c *client) change(u protocol.DocumentURI, version int32, text string) {
	c.t.Helper()
	c.notify(protocol.MethodTextDocumentDidChange, &protocol.DidChangeTextDocumentParams{
		TextDocument:   protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{{Text: text}},
	})
}

// TestStaleCodeActionAndClose: while an edit waits for re-analysis the old
// fixes are not offered (they would land in the wrong place), and closing a
// buffer clears its diagnostics.
func TestStaleCodeActionAndClose(t *testing.T) {
	c := start(t, Options{Analyzers: []*analysis.Analyzer{httpGet}, Debounce: time.Hour})
	_, u, text, _ := openFetch(t, c)
	all := protocol.Range{End: protocol.Position{Line: 100}}
	var actions []protocol.CodeAction
	if err := c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: all}, &actions); err != nil || len(actions) != 1 {
		t.Fatalf("before the edit: %v %+v", err, actions)
	}
	var onlyRefactor []protocol.CodeAction
	if err := c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: all,
		Context: protocol.CodeActionContext{Only: []protocol.CodeActionKind{protocol.Refactor}}}, &onlyRefactor); err != nil || len(onlyRefactor) != 0 {
		t.Errorf("only refactor: %v %+v", err, onlyRefactor)
	}
	c.change(u, 2, "// a comment shifts every line\n"+text)
	if err := c.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: all}, &actions); err != nil || len(actions) != 0 {
		t.Errorf("stale: %v %+v", err, actions)
	}
	c.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if diags := c.waitDiagnostics(u); len(diags) != 0 {
		t.Errorf("after close: %+v", diags)
	}
}

// TestDebounce: a burst of edits is analysed once, as of the last edit.
func TestDebounce(t *testing.T) {
	var runs atomic.Int32
	c := start(t, Options{Analyzers: []*analysis.Analyzer{httpGet}, Debounce: 500 * time.Millisecond, Verbose: true,
		Log: log.New(logFunc(func(s string) {
			if strings.Contains(s, "analysed") {
				runs.Add(1)
			}
		}), "", 0)})
	_, u, text, _ := openFetch(t, c)
	fixed := strings.Replace(text, "http.Get(", "timeoutClient.Get(", 1)
	for v := int32(2); v < 7; v++ {
		c.change(u, v, fixed+strings.Repeat("\n", int(v)))
	}
	if diags := c.waitDiagnostics(u); len(diags) != 1 {
		t.Fatalf("after the burst: %+v", diags)
	}
	if n := runs.Load(); n != 2 {
		t.Errorf("%d analyses for an open and a burst of edits, want 2", n)
	}
}

// TestDependencyBuffer: an unsaved edit in a dependency's buffer changes
// the facts the open package sees.
func TestDependencyBuffer(t *testing.T) {
	c := start(t, Options{Analyzers: []*analysis.Analyzer{httpGet}})
	dir, u, text, _ := openFetch(t, c)
	depPath := filepath.Join(dir, "dep", "dep.go")
	depText, err := os.ReadFile(depPath)
	if err != nil {
		t.Fatal(err)
	}
	depURI := uri.File(depPath)
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: depURI, LanguageID: "go", Version: 1, Text: string(depText),
	}})
	if diags := c.waitDiagnostics(depURI); len(diags) != 1 {
		t.Fatalf("dep.go: %+v", diags)
	}
	c.change(depURI, 2, strings.Replace(string(depText), "http.Get(u)", "http.DefaultClient.Get(u)", 1))
	if diags := c.waitDiagnostics(depURI); len(diags) != 0 {
		t.Fatalf("dep.go after the edit: %+v", diags)
	}
	c.change(u, 2, text+"\n")
	diags := c.waitDiagnostics(u)
	if len(diags) != 1 || diags[0].Message != "http.Get uses a client without timeout" {
		t.Errorf("fetch.go with dep.Fetch no longer calling http.Get: %+v", diags)
	}
}

// TestAnalyzerPanic: an analyzer that panics costs its findings, not the server.
func TestAnalyzerPanic(t *testing.T) {
	boom := &analysis.Analyzer{Name: "boom", Doc: "panic", Run: func(*analysis.Pass) (any, error) { panic("boom") }}
	var logged atomic.Bool
	c := start(t, Options{Analyzers: []*analysis.Analyzer{boom}, Log: log.New(logFunc(func(s string) {
		if strings.Contains(s, "panic") {
			logged.Store(true)
		}
	}), "", 0)})
	dir := copyModule(t, "fetch")
	path := filepath.Join(dir, "fetch.go")
	c.initialize()
	c.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri.File(path), LanguageID: "go", Version: 1, Text: "package fetch\n",
	}})
	deadline := time.Now().Add(time.Minute)
	for !logged.Load() && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if !logged.Load() {
		t.Fatal("the panic was not logged")
	}
	if code := c.shutdownExit(); code != 0 {
		t.Errorf("exit code %d", code)
	}
}

// TestUnchangedPackageIsNotReloaded: an edit that leaves the package as it
// was analysed (an undo, a second file of the package opened) is answered
// from the last result.
func TestUnchangedPackageIsNotReloaded(t *testing.T) {
	var hows []string
	var mu sync.Mutex
	c := start(t, Options{Analyzers: []*analysis.Analyzer{httpGet}, Verbose: true, Log: log.New(logFunc(func(s string) {
		mu.Lock()
		defer mu.Unlock()
		for _, how := range []string{"cached", "rechecked", "loaded"} {
			if strings.Contains(s, " "+how+" ") {
				hows = append(hows, how)
			}
		}
	}), "", 0)})
	_, u, text, _ := openFetch(t, c)
	c.change(u, 2, text+"// edited\n")
	c.waitDiagnostics(u)
	c.change(u, 3, text)
	if diags := c.waitDiagnostics(u); len(diags) != 2 {
		t.Fatalf("after the undo: %+v", diags)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"loaded", "rechecked", "cached"}; !slices.Equal(hows, want) {
		t.Errorf("analyses %q, want %q", hows, want)
	}
}

// TestSave: saving a package's own file keeps its dependencies loaded;
// saving a dependency reloads the packages that import it.
func TestSave(t *testing.T) {
	var hows []string
	var mu sync.Mutex
	c := start(t, Options{Analyzers: []*analysis.Analyzer{httpGet}, Verbose: true, Log: log.New(logFunc(func(s string) {
		mu.Lock()
		defer mu.Unlock()
		for _, how := range []string{"cached", "rechecked", "loaded"} {
			if strings.Contains(s, " "+how+" ") {
				hows = append(hows, how)
			}
		}
	}), "", 0)})
	dir, u, text, _ := openFetch(t, c)
	fixed := strings.Replace(text, "http.Get(", "timeoutClient.Get(", 1)
	c.change(u, 2, fixed)
	c.waitDiagnostics(u)
	if err := os.WriteFile(uri.URI(u).Filename(), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify(protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	if diags := c.waitDiagnostics(u); len(diags) != 1 {
		t.Fatalf("after saving fetch.go: %+v", diags)
	}

	depPath := filepath.Join(dir, "dep", "dep.go")
	depText, err := os.ReadFile(depPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(depPath, []byte(strings.Replace(string(depText), "http.Get(u)", "http.DefaultClient.Get(u)", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify(protocol.MethodTextDocumentDidSave, &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri.File(depPath)}})
	c.waitDiagnostics(uri.File(depPath))
	c.change(u, 3, fixed+"\n")
	if diags := c.waitDiagnostics(u); len(diags) != 0 {
		t.Errorf("after saving dep.go: %+v", diags)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"loaded", "rechecked", "rechecked", "loaded", "loaded"}; !slices.Equal(hows, want) {
		t.Errorf("analyses %q, want %q", hows, want)
	}
}
