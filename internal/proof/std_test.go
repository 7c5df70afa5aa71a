package proof

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/retrylint/retrylint/internal/modroot"
)

// fullEnv switches on the heaviest robustness run (all of std with its test
// files: about 20 s but 5 GB of memory). .ci/run sets it.
const fullEnv = "RETRYLINT_PROOF_FULL"

// TestStdSubset runs the retrylint binary, every analyzer on, over large
// parts of the standard library with their test files (net/...,
// encoding/..., crypto/...; facts make the driver analyse all of their
// dependencies too): it must finish without a panic or an internal error,
// with every package loaded and every analysis action without error (the
// x/tools driver exits 1 when any action fails, 3 when it only reports).
func TestStdSubset(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses a large part of the standard library")
	}
	runBinary(t, modroot.Dir(), "-test=true", "net/...", "encoding/...", "crypto/...")
}

// TestStd does the same over the whole standard library, without test files.
func TestStd(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses the standard library")
	}
	runBinary(t, modroot.Dir(), "-test=false", "std")
}

// TestRealLibsGraph does the same over every package in the dependency graph
// of testdata/reallibs (aws-sdk-go-v2 and v1, go-redis, retryablehttp, k8s
// apimachinery and client-go, resty, ...: real, large, partly generated
// code). Test files of dependencies are left out: their own test
// dependencies are not in the module graph.
func TestRealLibsGraph(t *testing.T) {
	if testing.Short() {
		t.Skip("analyses testdata/reallibs' dependency graph")
	}
	runBinary(t, filepath.Join(modroot.Dir(), "testdata", "reallibs"), "-test=false", "all")
}

// TestVetTool runs the binary as go vet's tool (the unitchecker protocol:
// one process per package, facts gob-encoded between them) over part of the
// standard library: go vet exits 1 when the tool reports, so only the
// absence of a crash is checked.
func TestVetTool(t *testing.T) {
	if testing.Short() {
		t.Skip("vets part of the standard library")
	}
	cmd := exec.Command("go", "vet", "-vettool="+retrylint(t), "net/http", "encoding/...")
	cmd.Dir = modroot.Dir()
	out, err := cmd.CombinedOutput()
	if crashed.Match(out) || bytes.Contains(out, []byte("internal error")) || err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("go vet -vettool=retrylint: %v\n%s", err, tail(string(out), 20000))
	}
}

// TestStdFull runs the binary over the whole standard library, test files
// included, when RETRYLINT_PROOF_FULL=1.
func TestStdFull(t *testing.T) {
	if os.Getenv(fullEnv) != "1" {
		t.Skip("set " + fullEnv + "=1 to analyse the whole standard library with its tests (5 GB of memory)")
	}
	runBinary(t, modroot.Dir(), "-test=true", "std")
}

// crashed matches the output of a Go panic.
var crashed = regexp.MustCompile(`(?m)^(panic: |fatal error: |goroutine \d+ \[)`)

var (
	binOnce sync.Once
	binPath string
	binErr  error
	binOut  []byte
)

// retrylint builds the binary once per test process.
func retrylint(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "retrylint-proof-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "retrylint")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/retrylint")
		cmd.Dir = modroot.Dir()
		binOut, binErr = cmd.CombinedOutput()
	})
	if binErr != nil {
		t.Fatalf("building retrylint: %v\n%s", binErr, binOut)
	}
	return binPath
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binPath != "" {
		os.RemoveAll(filepath.Dir(binPath))
	}
	os.Exit(code)
}

// runBinary runs retrylint with args in dir and fails on a panic, an internal
// error, a load error or a failed analysis.
func runBinary(t *testing.T, dir string, args ...string) {
	t.Helper()
	bin := retrylint(t)
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-buildvcs=false")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	start := time.Now()
	err := cmd.Run()
	out := stderr.String()
	code := cmd.ProcessState.ExitCode()
	if err != nil && code != 3 || crashed.MatchString(out) || strings.Contains(out, "internal error") {
		t.Fatalf("retrylint %s in %s: %v (exit %d)\n%s", strings.Join(args, " "), dir, err, code, tail(out, 20000))
	}
	diags := strings.Count(out, "\n")
	t.Logf("retrylint %s: exit %d, %d diagnostic lines, %s wall, %s CPU", strings.Join(args, " "), code, diags,
		time.Since(start).Round(time.Second), (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Round(time.Second))
	if testing.Verbose() && diags > 0 {
		t.Logf("first diagnostics:\n%s", head(out, 40))
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

func head(s string, lines int) string {
	parts := strings.SplitN(s, "\n", lines+1)
	if len(parts) > lines {
		parts = parts[:lines]
	}
	return strings.Join(parts, "\n")
}
