package zerotimeout_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/retrylint/retrylint/analyzers/internal/testutil"
	"github.com/retrylint/retrylint/analyzers/zerotimeout"
)

// TestStreamingFixAtRunTime proves the transport fix at run time. The
// analyzer fixes testdata/src/zerotimeout/streamproof, a program that
// streams a body through http.Get and through a client of its own, with
// -zerotimeout.timeout=1s (its golden is compared, built and vetted); then
// the fixed program (the golden) and the original are built and run against
// local servers:
//   - a server that sends its headers at once and its body over 3 seconds,
//     three times the bound: the fixed program still downloads it whole (a
//     1 s Client.Timeout would have cut it);
//   - a server that never sends headers: the fixed program gives up within
//     seconds, where the original is still waiting.
func TestStreamingFixAtRunTime(t *testing.T) {
	testutil.SkipInShortMode(t, "builds and runs a program against slow servers")
	testutil.SetFlag(t, zerotimeout.Analyzer, "timeout", "1s")
	testutil.RunWithSuggestedFixes(t, zerotimeout.Analyzer, "zerotimeout/streamproof")

	dir := testutil.SrcDir("zerotimeout/streamproof")
	fixed := buildProgram(t, filepath.Join(dir, "main.go.golden"))
	original := buildProgram(t, filepath.Join(dir, "main.go"))

	const chunk, chunks = 1000, 6
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(chunk*chunks))
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		for range chunks {
			select {
			case <-time.After(500 * time.Millisecond):
			case <-r.Context().Done():
				return
			}
			w.Write([]byte(strings.Repeat("x", chunk)))
			w.(http.Flusher).Flush()
		}
	}))
	defer slow.Close()
	stop := make(chan struct{})
	silent := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select { // never answers
		case <-stop:
		case <-r.Context().Done():
		}
	}))
	defer silent.Close()
	defer close(stop)

	for _, mode := range []string{"get", "client"} {
		out, code, took := runProgram(t, fixed, 20*time.Second, mode, slow.URL)
		if code != 0 || out != strconv.Itoa(chunk*chunks) {
			t.Errorf("fixed %s of a body sent over 3s: exit %d, printed %q after %v; want the %d bytes", mode, code, out, took, chunk*chunks)
		}
		if took < 2500*time.Millisecond {
			t.Errorf("fixed %s: the slow body took only %v: the server is not slow enough to prove anything", mode, took)
		}

		out, code, took = runProgram(t, fixed, 20*time.Second, mode, silent.URL)
		if code != 1 || !strings.Contains(out, "timeout awaiting response headers") || took > 10*time.Second {
			t.Errorf("fixed %s of a server that never answers: exit %d, printed %q after %v; want it given up on within seconds", mode, code, out, took)
		}

		if _, code, took := runProgram(t, original, 3*time.Second, mode, silent.URL); code != -1 {
			t.Errorf("original %s of a server that never answers ended (exit %d after %v): the test cannot tell the fix from no fix", mode, code, took)
		}
	}
}

// buildProgram builds the one-file main package src in a module of its own
// and returns the binary.
func buildProgram(t *testing.T, src string) string {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module streamproof\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "streamproof")
	if out, err := testutil.GoInModule(dir, "build", "-o", bin, "."); err != nil {
		t.Fatalf("go build %s: %v\n%s", src, err, out)
	}
	return bin
}

// runProgram runs bin with args, killing it after limit, and returns what it
// printed, its exit code (-1 when killed) and how long it ran.
func runProgram(t *testing.T, bin string, limit time.Duration, args ...string) (string, int, time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	start := time.Now()
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	took := time.Since(start)
	code := 0
	if ctx.Err() != nil {
		code = -1
	} else if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(out)), code, took
}
