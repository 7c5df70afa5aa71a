// Package e2etest runs the retrylint binary the way users do and checks what
// it prints against the // want comments of a module, with analysistest's
// rules: every diagnostic must match an expectation on its line, and every
// expectation must be matched by a diagnostic.
//
// Tests of any driver share it: build the binary once (Binary), run it or the
// go command on a module or a copy of one (Run, Go, CopyModule), read its
// diagnostics (ParseText for the text output of standalone runs and go vet,
// DecodeJSON for -json), and compare them with the module's expectations
// (Wants, Match).
package e2etest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/retrylint/retrylint/internal/modroot"
)

// SampleModule is the end-to-end sample module, testdata/e2e.
func SampleModule() string { return filepath.Join(modroot.Dir(), "testdata", "e2e") }

var build struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// Binary builds cmd/retrylint, once per test binary, and returns its path. Call
// Main from TestMain to remove it when the tests end.
func Binary(t testing.TB) string {
	t.Helper()
	build.once.Do(func() {
		build.dir, build.err = os.MkdirTemp("", "retrylint-e2e-")
		if build.err != nil {
			return
		}
		build.bin = filepath.Join(build.dir, "retrylint")
		if runtime.GOOS == "windows" {
			build.bin += ".exe"
		}
		// -buildvcs=auto stamps the VCS revision, which -V=full reports,
		// even where GOFLAGS (perhaps from go env -w) turns it off.
		cmd := exec.Command("go", "build", "-buildvcs=auto", "-o", build.bin, "./cmd/retrylint")
		cmd.Dir = modroot.Dir()
		cmd.Env = Env()
		if out, err := cmd.CombinedOutput(); err != nil {
			build.err = errors.New("go build ./cmd/retrylint: " + err.Error() + "\n" + string(out))
		}
	})
	if build.err != nil {
		t.Fatal(build.err)
	}
	return build.bin
}

// Main runs the tests of m and then removes the binary Binary built and the
// result cache the tests' runs shared.
func Main(m *testing.M) {
	code := m.Run()
	if build.dir != "" {
		os.RemoveAll(build.dir)
	}
	if resultCache.dir != "" {
		os.RemoveAll(resultCache.dir)
	}
	os.Exit(code)
}

// resultCache is the directory of the result cache the binary keeps
// (RETRYLINT_CACHE) for the runs of one test binary, so that no test reads
// what another test binary, or the user, left.
var resultCache struct {
	once sync.Once
	dir  string
}

// Env is the environment for the binary and the go command: the user's,
// without a workspace or GOFLAGS from the environment that would change what
// is loaded, and with a result cache of the test binary's own.
func Env() []string {
	resultCache.once.Do(func() {
		resultCache.dir, _ = os.MkdirTemp("", "retrylint-cache-")
	})
	env := append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	if resultCache.dir != "" {
		env = append(env, "RETRYLINT_CACHE="+resultCache.dir)
	}
	return env
}

// A Result is what one command did.
type Result struct {
	Stdout, Stderr string
	Code           int // the exit status
}

// Run runs the binary bin in dir with args. A failure to start it fails
// the test; an exit status other than 0 does not (see Result.Code).
func Run(t testing.TB, dir, bin string, args ...string) Result {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = Env()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := Result{Stdout: stdout.String(), Stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.Code = exit.ExitCode()
	case err != nil:
		t.Fatalf("running %s %s: %v", bin, strings.Join(args, " "), err)
	}
	return res
}

// Go runs the go command in dir with args, as Run does.
func Go(t testing.TB, dir string, args ...string) Result {
	t.Helper()
	gobin := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(gobin); err != nil {
		gobin = "go"
	}
	return Run(t, dir, gobin, args...)
}

// CopyModule copies the module in dir to a temporary directory and returns the
// copy. Relative directories in its replace directives are made absolute, so
// the copy still finds what they name (the sample module replaces retrylint
// by ../..).
func CopyModule(t testing.TB, dir string) string {
	t.Helper()
	dst := t.TempDir()
	if err := os.CopyFS(dst, os.DirFS(dir)); err != nil {
		t.Fatalf("copying %s: %v", dir, err)
	}
	gomod := filepath.Join(dst, "go.mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.Lines(string(data)) {
		if before, target, ok := strings.Cut(line, "=>"); ok {
			target = strings.TrimSpace(target)
			if strings.HasPrefix(target, "./") || strings.HasPrefix(target, "../") {
				line = before + "=> " + filepath.ToSlash(filepath.Join(abs, target)) + "\n"
			}
		}
		out = append(out, line)
	}
	if err := os.WriteFile(gomod, []byte(strings.Join(out, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// WriteModule writes files (by slash-separated path, relative to the module
// root, go.mod among them) to a temporary directory and returns it, as
// canonical as Wants' and ParseText's file names.
func WriteModule(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return canonical(dir)
}

// Snapshot returns the content of every file under dir, by relative path,
// to prove that a command left them untouched.
func Snapshot(t testing.TB, dir string) map[string]string {
	t.Helper()
	files := make(map[string]string)
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
