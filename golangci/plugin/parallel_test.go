//go:build linux || darwin

package plugin_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestGolangciBesideAnother runs the plugin while another golangci-lint holds
// the machine-wide lock that golangci-lint takes in the temporary directory
// (a developer's editor, another CI job): the tests must not wait for it or
// fail with "parallel golangci-lint is running".
func TestGolangciBesideAnother(t *testing.T) {
	bin := binary(t)
	lock, err := os.OpenFile(filepath.Join(os.TempDir(), "golangci-lint.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Close()
	// EWOULDBLOCK: another golangci-lint holds it already, which serves as well.
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil && err != syscall.EWOULDBLOCK {
		t.Fatalf("locking %s: %v", lock.Name(), err)
	}

	dir := sample(t)
	check(t, dir, run(t, bin, dir, perAnalyzer(nil), 1), "")
}
