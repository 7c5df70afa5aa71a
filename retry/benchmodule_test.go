package retry_test

import (
	"os"
	"os/exec"
	"testing"
)

// TestCompareModule builds, vets and runs once every test and benchmark of
// bench/retrycompare, the module that compares retry with cenkalti/backoff
// and go-retryablehttp. It is a module of its own, so that retrylint never
// depends on those libraries, and `go test ./...` at the root does not enter
// it: this test does, so that the comparison cannot rot unnoticed.
func TestCompareModule(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping bench/retrycompare in -short mode: it builds a separate module")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("skipping bench/retrycompare: no go command on PATH")
	}
	for _, args := range [][]string{
		{"vet", "./..."},
		{"test", "-count=1", "-run=.", "-bench=.", "-benchtime=1x", "./..."},
	} {
		cmd := exec.Command(goTool, args...)
		cmd.Dir = "../bench/retrycompare"
		cmd.Env = append(os.Environ(), "GOWORK=off")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("go %v in bench/retrycompare: %v\n%s", args, err, out)
		}
	}
}
