// Package lsp is retrylint's language server: it runs the analyzers on the
// package of each open Go file, unsaved edits included, and publishes their
// diagnostics and suggested fixes to any LSP editor, beside gopls.
//
// gopls cannot load third-party analyzers, so this server is how an editor
// shows retrylint's findings while the user types, with the fixes as quick
// fixes. It speaks JSON-RPC through go.lsp.dev/jsonrpc2 and uses the types of
// go.lsp.dev/protocol; it implements only the methods it needs (text sync,
// code actions, the lifecycle) and answers every other request with
// MethodNotFound.
//
// The analyzers' facts need every dependency typed from source, which is
// what the first analysis of a package costs. The server keeps the
// dependencies and their facts: after an edit it type-checks and analyses
// the edited package alone (recheck.go, facts.go).
package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
	"golang.org/x/tools/go/analysis"
)

// Options configures a server.
type Options struct {
	// Analyzers run on every analysed package.
	Analyzers []*analysis.Analyzer
	// FactFree, if not nil, reports the import paths of the packages on
	// which every analyzer returns at once, with no finding and no fact
	// (for retrylint's, the standard library: analyzers.FactFree). Such a
	// dependency is not analysed for facts.
	FactFree func(importPath string) bool
	// Debounce is how long the server waits after an edit before it
	// re-analyses, so that typing does not start a load per keystroke.
	// Zero means DefaultDebounce.
	Debounce time.Duration
	// Log receives the server's errors; nil means discard. The protocol
	// stream is never used for logging.
	Log *log.Logger
	// Verbose also logs each analysis and how long it took.
	Verbose bool
}

// DefaultDebounce is the pause after an edit before re-analysis.
const DefaultDebounce = 250 * time.Millisecond

// Serve runs a language server over rwc until the client sends exit or the
// stream ends. It returns the process exit code the protocol prescribes:
// 0 when exit followed shutdown, 1 otherwise.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, opts Options) int {
	if opts.Debounce <= 0 {
		opts.Debounce = DefaultDebounce
	}
	if opts.Log == nil {
		opts.Log = log.New(io.Discard, "", 0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s := &server{
		opts:    opts,
		ctx:     ctx,
		conn:    jsonrpc2.NewConn(jsonrpc2.NewStream(rwc)),
		docs:    make(map[string]*document),
		results: make(map[string]*fileResult),
		runs:    make(map[string]*run),
		loader:  newLoader(opts.Analyzers, opts.FactFree),
	}
	s.conn.Go(ctx, s.handle)
	<-s.conn.Done()
	cancel()
	s.stopRuns()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exited && s.shutdown {
		return 0
	}
	if err := s.conn.Err(); err != nil && !errors.Is(err, io.EOF) && !s.exited {
		opts.Log.Printf("connection: %v", err)
	}
	return 1
}

// server holds the state of one client connection.
type server struct {
	opts   Options
	ctx    context.Context
	conn   jsonrpc2.Conn
	loader *loader

	mu       sync.Mutex
	shutdown bool                   // shutdown request received
	exited   bool                   // exit notification received
	docs     map[string]*document   // open buffers by file path
	results  map[string]*fileResult // last published findings by file path
	runs     map[string]*run        // pending or running analyses by package key

	publishMu sync.Mutex // orders a run's last check for cancellation with its publication
}

// document is an open buffer.
type document struct {
	uri     protocol.DocumentURI
	version int32
	text    []byte
}

// fileResult is what the server last published for one file.
type fileResult struct {
	text     []byte // the content the findings refer to
	findings []finding
}

// run is one scheduled or running analysis; cancelling it discards its result.
type run struct {
	timer  *time.Timer
	cancel context.CancelFunc
}

// handle dispatches one request or notification. It runs on the connection's
// read loop, so it never waits for an analysis.
func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
	s.mu.Lock()
	shutdown := s.shutdown
	s.mu.Unlock()
	if shutdown && req.Method() != protocol.MethodExit {
		return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "server is shut down"))
	}
	switch req.Method() {
	case protocol.MethodInitialize:
		return reply(ctx, initializeResult(), nil)
	case protocol.MethodShutdown:
		s.mu.Lock()
		s.shutdown = true
		s.mu.Unlock()
		s.stopRuns()
		return reply(ctx, nil, nil)
	case protocol.MethodExit:
		s.mu.Lock()
		s.exited = true
		s.mu.Unlock()
		return s.conn.Close()
	case protocol.MethodTextDocumentDidOpen:
		notification(req, s.open)
	case protocol.MethodTextDocumentDidChange:
		notification(req, s.change)
	case protocol.MethodTextDocumentDidSave:
		notification(req, s.saved)
	case protocol.MethodTextDocumentDidClose:
		notification(req, s.close)
	case protocol.MethodTextDocumentCodeAction:
		var p protocol.CodeActionParams
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			return reply(ctx, nil, jsonrpc2.NewError(jsonrpc2.InvalidParams, err.Error()))
		}
		return reply(ctx, s.codeActions(p), nil)
	default:
		if _, isCall := req.(*jsonrpc2.Call); isCall {
			return jsonrpc2.MethodNotFoundHandler(ctx, reply, req)
		}
		// Other notifications (initialized, $/cancelRequest, workspace
		// changes, ...) need nothing from this server.
	}
	return reply(ctx, nil, nil)
}

// notification hands a notification's params to f; a malformed one is
// dropped, as notifications have no reply to carry an error.
func notification[P any](req jsonrpc2.Request, f func(P)) {
	var p P
	if json.Unmarshal(req.Params(), &p) == nil {
		f(p)
	}
}

func initializeResult() *protocol.InitializeResult {
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindFull,
				Save:      &protocol.SaveOptions{},
			},
			CodeActionProvider: &protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix},
			},
		},
		ServerInfo: &protocol.ServerInfo{Name: "retrylint"},
	}
}

// goFile returns the path of a Go file URI, or "" for any other document.
func goFile(u protocol.DocumentURI) string {
	if !strings.HasPrefix(string(u), "file:") {
		return ""
	}
	path := uri.URI(u).Filename()
	if filepath.Ext(path) != ".go" {
		return ""
	}
	return path
}

func (s *server) open(p protocol.DidOpenTextDocumentParams) {
	path := goFile(p.TextDocument.URI)
	if path == "" {
		return
	}
	s.mu.Lock()
	s.docs[path] = &document{uri: p.TextDocument.URI, version: p.TextDocument.Version, text: []byte(p.TextDocument.Text)}
	s.mu.Unlock()
	s.schedule(path, 0)
}

func (s *server) change(p protocol.DidChangeTextDocumentParams) {
	path := goFile(p.TextDocument.URI)
	if path == "" || len(p.ContentChanges) == 0 {
		return
	}
	s.mu.Lock()
	doc := s.docs[path]
	if doc == nil {
		doc = &document{uri: p.TextDocument.URI}
		s.docs[path] = doc
	}
	// The server asks for full-document sync: the last change is the text.
	doc.text = []byte(p.ContentChanges[len(p.ContentChanges)-1].Text)
	doc.version = p.TextDocument.Version
	s.mu.Unlock()
	s.schedule(path, s.opts.Debounce)
}

func (s *server) saved(p protocol.DidSaveTextDocumentParams) {
	path := goFile(p.TextDocument.URI)
	if path == "" {
		return
	}
	s.loader.saved(path)
	s.schedule(path, s.opts.Debounce)
}

func (s *server) close(p protocol.DidCloseTextDocumentParams) {
	path := goFile(p.TextDocument.URI)
	if path == "" {
		return
	}
	s.mu.Lock()
	delete(s.docs, path)
	delete(s.results, path)
	s.mu.Unlock()
	// The buffer's unsaved edits are gone; clear what they produced.
	s.publish(p.TextDocument.URI, nil, nil)
}

// runKey names the package a file's analysis covers, so that a new edit
// cancels the older run of the same package and no other.
func runKey(path string) string {
	return filepath.Dir(path) + "\x00" + isTestFile(path)
}

func isTestFile(path string) string {
	if strings.HasSuffix(path, "_test.go") {
		return "test"
	}
	return ""
}

// schedule starts an analysis of path's package after delay, cancelling the
// one already scheduled or running for that package.
func (s *server) schedule(path string, delay time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.shutdown {
		return
	}
	key := runKey(path)
	if old := s.runs[key]; old != nil {
		old.timer.Stop()
		old.cancel()
	}
	ctx, cancel := context.WithCancel(s.ctx)
	r := &run{cancel: cancel}
	r.timer = time.AfterFunc(delay, func() {
		s.analyze(ctx, path)
		s.mu.Lock()
		if s.runs[key] == r {
			delete(s.runs, key)
		}
		s.mu.Unlock()
		cancel()
	})
	s.runs[key] = r
}

func (s *server) stopRuns() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for key, r := range s.runs {
		r.timer.Stop()
		r.cancel()
		delete(s.runs, key)
	}
}

// analyze loads and analyses path's package as the open buffers have it and
// publishes the findings of each of its files.
func (s *server) analyze(ctx context.Context, path string) {
	s.mu.Lock()
	texts := make(map[string][]byte, len(s.docs))
	for p, doc := range s.docs {
		texts[p] = doc.text
	}
	s.mu.Unlock()
	// Only unsaved buffers differ from the disk: the others are left out of
	// the overlay, so that opening a file does not make its package look
	// changed.
	overlay := make(map[string][]byte)
	for p, text := range texts {
		if disk, err := os.ReadFile(p); err != nil || !bytes.Equal(disk, text) {
			overlay[p] = text
		}
	}

	start := time.Now()
	res, err := s.loader.analyze(ctx, path, overlay)
	if err != nil {
		if ctx.Err() == nil {
			s.opts.Log.Printf("%s: %v", path, err)
		}
		return
	}
	if s.opts.Verbose {
		s.opts.Log.Printf("%s: %d files %s and analysed in %v", path, len(res.files), res.how, time.Since(start).Round(time.Millisecond))
	}

	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	if ctx.Err() != nil {
		return // a newer edit superseded this run
	}
	for file, fr := range res.files {
		s.mu.Lock()
		doc := s.docs[file]
		s.results[file] = fr
		s.mu.Unlock()
		u := uri.File(file)
		var version *int32
		if doc != nil {
			u = doc.uri
			if string(doc.text) == string(fr.text) {
				version = &doc.version
			}
		}
		s.publish(u, version, fr.findings)
	}
}

func (s *server) publish(u protocol.DocumentURI, version *int32, findings []finding) {
	diags := make([]protocol.Diagnostic, 0, len(findings))
	for _, f := range findings {
		diags = append(diags, f.diag)
	}
	params := &publishParams{URI: u, Version: version, Diagnostics: diags}
	if err := s.conn.Notify(s.ctx, protocol.MethodTextDocumentPublishDiagnostics, params); err != nil && s.ctx.Err() == nil {
		s.opts.Log.Printf("publish %s: %v", u, err)
	}
}

// publishParams is protocol.PublishDiagnosticsParams with the version left
// out when unknown (the library's type always sends it) and the diagnostics
// always present, as an empty list is how a file's findings are cleared.
type publishParams struct {
	URI         protocol.DocumentURI  `json:"uri"`
	Version     *int32                `json:"version,omitempty"`
	Diagnostics []protocol.Diagnostic `json:"diagnostics"`
}

// codeActions returns the quick fixes of the findings that overlap the
// requested range, provided the buffer still has the content they refer to.
func (s *server) codeActions(p protocol.CodeActionParams) []protocol.CodeAction {
	actions := []protocol.CodeAction{}
	if len(p.Context.Only) > 0 && !wantsQuickFix(p.Context.Only) {
		return actions
	}
	path := goFile(p.TextDocument.URI)
	s.mu.Lock()
	defer s.mu.Unlock()
	fr := s.results[path]
	if fr == nil {
		return actions
	}
	if doc := s.docs[path]; doc != nil && string(doc.text) != string(fr.text) {
		return actions // stale: the edits would land in the wrong place
	}
	for _, f := range fr.findings {
		if !overlaps(f.diag.Range, p.Range) {
			continue
		}
		actions = append(actions, f.actions...)
	}
	return actions
}

func wantsQuickFix(only []protocol.CodeActionKind) bool {
	for _, k := range only {
		if k == protocol.QuickFix || k == "" {
			return true
		}
	}
	return false
}

func overlaps(a, b protocol.Range) bool {
	return !before(a.End, b.Start) && !before(b.End, a.Start)
}

func before(x, y protocol.Position) bool {
	return x.Line < y.Line || x.Line == y.Line && x.Character < y.Character
}
