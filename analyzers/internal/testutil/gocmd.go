package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
)

// GoInTree runs the go command with args in the src directory of dir, a tree
// made by Tree or FixedTree, in GOPATH mode (treeEnv), and returns what it
// printed, standard error included.
func GoInTree(dir string, args ...string) ([]byte, error) {
	return goCommand(filepath.Join(dir, "src"), treeEnv(dir), args...)
}

// GoInModule runs the go command with args in the module directory dir and
// returns what it printed, standard error included. A go.work or GOFLAGS of
// the environment is ignored: the module alone decides what is built.
func GoInModule(dir string, args ...string) ([]byte, error) {
	return goCommand(dir, append(os.Environ(), "GOWORK=off", "GOFLAGS="), args...)
}

// treeEnv is the environment that builds and loads the tree dir (made by
// Tree or FixedTree) as a GOPATH, outside any module or workspace.
func treeEnv(dir string) []string {
	return append(os.Environ(), "GOPATH="+dir, "GO111MODULE=off", "GOWORK=off", "GOFLAGS=")
}

func goCommand(dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = env
	return cmd.CombinedOutput()
}
