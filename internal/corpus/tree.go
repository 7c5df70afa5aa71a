package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/version"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// findGitDir finds the bare git directory of repo under mirrors: the fetch
// tool puts it somewhere inside mirrors/owner+name.
func findGitDir(mirrors, repo string) (string, error) {
	top := filepath.Join(mirrors, strings.Replace(repo, "/", "+", 1))
	var found string
	err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() || found != "" {
			return filepath.SkipDir
		}
		if strings.Count(strings.TrimPrefix(p, top), string(filepath.Separator)) > 3 {
			return filepath.SkipDir
		}
		if isGitDir(p) {
			found = p
			return filepath.SkipAll
		}
		if d.Name() == "objects" || d.Name() == "refs" {
			return filepath.SkipDir
		}
		return nil
	})
	if err != nil {
		return "", fmt.Errorf("no snapshot of %s under %s (bring it with the fetch tool): %v", repo, mirrors, err)
	}
	if found == "" {
		return "", fmt.Errorf("no git directory under %s", top)
	}
	return found, nil
}

func isGitDir(p string) bool {
	for _, n := range []string{"HEAD", "objects", "refs"} {
		if _, err := os.Stat(filepath.Join(p, n)); err != nil {
			return false
		}
	}
	return true
}

// extract writes the tree of commit from gitDir into dest, once: a finished
// tree has a marker file listing the blobs the snapshot lacks (it leaves out
// its largest files). Submodules are skipped, and so are symbolic links that
// point out of the tree. Each call writes into a directory of its own and
// renames it into place, so two runs of one set at once (each measuring
// other analyzers) neither share nor remove each other's half-written
// tree: the first to finish is kept.
func extract(gitDir, commit, dest string) (missing []string, err error) {
	marker := filepath.Join(dest, ".corpus-tree")
	if missing, ok := finishedTree(marker); ok {
		return missing, nil
	}
	if err := exec.Command("git", "--git-dir="+gitDir, "cat-file", "-e", commit+"^{commit}").Run(); err != nil {
		return nil, fmt.Errorf("commit %s is not in %s", commit, gitDir)
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dest), filepath.Base(dest)+".partial-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp) // gone already when renamed into place
	ls, err := exec.Command("git", "--git-dir="+gitDir, "ls-tree", "-r", "-z", "--full-tree", commit).Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-tree %s: %v", commit, err)
	}
	cat := exec.Command("git", "--git-dir="+gitDir, "cat-file", "--batch")
	in, err := cat.StdinPipe()
	if err != nil {
		return nil, err
	}
	outPipe, err := cat.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cat.Start(); err != nil {
		return nil, err
	}
	defer func() {
		in.Close()
		if werr := cat.Wait(); err == nil && werr != nil {
			err = fmt.Errorf("git cat-file: %v", werr)
		}
	}()
	out := bufio.NewReader(outPipe)
	for _, entry := range bytes.Split(ls, []byte{0}) {
		if len(entry) == 0 {
			continue
		}
		meta, name, ok := strings.Cut(string(entry), "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			return nil, fmt.Errorf("git ls-tree: unexpected entry %q", entry)
		}
		mode, kind, sha := f[0], f[1], f[2]
		if kind != "blob" || !cleanRel(name) {
			continue // submodule, or a name that would leave the tree
		}
		fmt.Fprintln(in, sha)
		header, err := out.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("git cat-file: %v", err)
		}
		hf := strings.Fields(header)
		if len(hf) == 2 && hf[1] == "missing" {
			missing = append(missing, name)
			continue
		}
		if len(hf) != 3 {
			return nil, fmt.Errorf("git cat-file: unexpected header %q", header)
		}
		size, err := strconv.Atoi(hf[2])
		if err != nil {
			return nil, fmt.Errorf("git cat-file: unexpected header %q", header)
		}
		data := make([]byte, size+1) // content and a newline
		if _, err := io.ReadFull(out, data); err != nil {
			return nil, fmt.Errorf("git cat-file %s: %v", name, err)
		}
		data = data[:size]
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, err
		}
		switch mode {
		case "120000":
			target := string(data)
			joined := filepath.ToSlash(filepath.Join(filepath.Dir(name), target))
			if filepath.IsAbs(target) || !cleanRel(joined) {
				continue
			}
			err = os.Symlink(target, p)
		case "100755":
			err = os.WriteFile(p, data, 0o755)
		default:
			err = os.WriteFile(p, data, 0o644)
		}
		if err != nil {
			return nil, err
		}
	}
	content := "tree of " + commit + "; blobs the snapshot lacks follow\n" + strings.Join(missing, "\n")
	if err := os.WriteFile(filepath.Join(tmp, ".corpus-tree"), []byte(content), 0o644); err != nil {
		return nil, err
	}
	if done, ok := finishedTree(marker); ok {
		return done, nil // another run finished it meanwhile
	}
	if err := os.RemoveAll(dest); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, dest); err != nil {
		if done, ok := finishedTree(marker); ok {
			return done, nil // another run renamed its tree into place first
		}
		return nil, err
	}
	return missing, nil
}

// finishedTree reads the marker of a finished tree: the blobs its snapshot
// lacks. ok is false when there is none.
func finishedTree(marker string) (missing []string, ok bool) {
	data, err := os.ReadFile(marker)
	if err != nil {
		return nil, false
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		missing = append(missing, l)
	}
	return missing, true
}

// A run is the result of retrylint -json over one module.
type run struct {
	json    []byte
	stderr  []byte
	notes   []string
	elapsed time.Duration
}

// runRetrylint runs bin -json over the packages of one module of a tree,
// with the analyzer flags given in selected (none: every analyzer). Its exit
// status is not read: with -json the findings are in the output whatever
// the status, and a package that fails to load is reported on stderr.
func runRetrylint(ctx context.Context, bin, dir string, selected, packages []string, goVersion, goflags string) (run, error) {
	var r run
	env := append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
	// go/packages runs some go commands with GO111MODULE=off, which reject
	// -modfile: put the named module file (and its .sum) in place of go.mod
	// in the tree instead, as docker/cli's own scripts do with vendor.mod.
	var flags []string
	for _, f := range strings.Fields(goflags) {
		m, ok := strings.CutPrefix(f, "-modfile=")
		if !ok {
			flags = append(flags, f)
			continue
		}
		if err := useModFile(dir, m); err != nil {
			return r, err
		}
		r.notes = append(r.notes, fmt.Sprintf("%s copied over go.mod (-modfile)", m))
	}
	if len(flags) > 0 {
		env = append(env, "GOFLAGS="+strings.Join(flags, " "))
	}
	if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil {
		if want := goDirective(data); want != "" && version.Compare("go"+want, goVersion) > 0 {
			r.notes = append(r.notes, fmt.Sprintf("go.mod asks for go %s, newer than %s (GOTOOLCHAIN=local): expect load errors", want, goVersion))
		}
	} else if errors.Is(err, fs.ErrNotExist) {
		return r, fmt.Errorf("no go.mod in %s", dir)
	}
	args := append(append([]string{"-json"}, selected...), packages...)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = env
	cmd.WaitDelay = 10 * time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r.elapsed = time.Since(start)
	r.json, r.stderr = stdout.Bytes(), stderr.Bytes()
	if ctx.Err() != nil {
		return r, fmt.Errorf("retrylint did not finish in time: %v", ctx.Err())
	}
	if len(bytes.TrimSpace(r.json)) == 0 {
		return r, fmt.Errorf("retrylint wrote no JSON (%v): %s", err, firstLines(r.stderr, 10))
	}
	return r, nil
}

// useModFile copies the module file name (and its .sum, if any) of dir over
// go.mod and go.sum.
func useModFile(dir, name string) error {
	if !cleanRel(name) || strings.Contains(name, "/") {
		return fmt.Errorf("-modfile=%s: want a file name in the module directory", name)
	}
	for _, ext := range []string{".mod", ".sum"} {
		data, err := os.ReadFile(filepath.Join(dir, strings.TrimSuffix(name, ".mod")+ext))
		if errors.Is(err, fs.ErrNotExist) && ext == ".sum" {
			continue
		} else if err != nil {
			return fmt.Errorf("-modfile=%s: %v", name, err)
		}
		if err := os.WriteFile(filepath.Join(dir, "go"+ext), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// goDirective returns the version of a go.mod's go directive, or "".
func goDirective(gomod []byte) string {
	for _, l := range strings.Split(string(gomod), "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0] == "go" {
			return f[1]
		}
	}
	return ""
}

// firstLines returns up to n lines of b, saying how many more there are.
func firstLines(b []byte, n int) string {
	lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
	if len(lines) <= n {
		return strings.Join(lines, "\n")
	}
	return strings.Join(lines[:n], "\n") + fmt.Sprintf("\n... and %d more lines", len(lines)-n)
}

// countLines returns the number of lines of the file at p, or -1 if it cannot
// be read.
func countLines(p string) int {
	data, err := os.ReadFile(p)
	if err != nil {
		return -1
	}
	n := bytes.Count(data, []byte{'\n'})
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++ // a last line without a newline
	}
	return n
}
