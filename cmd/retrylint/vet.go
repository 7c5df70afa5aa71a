package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// A standalone run analyses through the go command's vet protocol: it runs
//
//	go vet -vettool=<this binary> -json [-tags=...] [analyzer flags] packages
//
// and prints, fixes or passes on what the tool printed. Each package is
// analysed in a process of its own, from the export data of its dependencies
// and the facts the tool wrote for them (serialised), so no process holds
// more than one package's syntax and types; and the go command caches each
// package's facts and JSON output under a key of its inputs (its files, its
// dependencies' results, the tool's build ID, the flags), so a repeated run
// over an unchanged tree replays every package's output from the build
// cache, and after an edit only the edited package and those that depend on
// it run again. Analysing everything in one process, as go/packages and
// x/tools' checker do, type-checks every dependency from source (facts need
// their syntax): 7 GB on a 400k-line repository, and all of it again on
// every run. docs/performance.md has the figures.
//
// The in-process driver (analyseHere) remains for what go vet cannot do:
// -test=false (go vet always analyses test files), analyzers that are not
// this binary's own (tests), a go command older than Go 1.26 (which neither
// caches a package's findings nor gives the tool's -json output on stdout),
// RETRYLINT_INPROCESS=1, and any run in which go vet fails (a package that
// does not compile, a pattern that matches nothing): it then runs, so that
// the errors and findings printed are those retrylint has always printed.

// vetTool returns the binary that go vet is to run as its tool, or "" when
// the run must be analysed in this process.
func vetTool(opts *options) string {
	if !opts.builtin || !opts.tests || os.Getenv("RETRYLINT_INPROCESS") == "1" {
		return ""
	}
	exe, err := os.Executable()
	if err != nil || !vetCachesOutput() {
		return ""
	}
	return exe
}

// vetCachesOutput reports whether the go command is Go 1.26 or later, whose
// go vet gives each package's -json output on stdout and caches it.
func vetCachesOutput() bool {
	out, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return false
	}
	v := strings.TrimSpace(string(out))
	if strings.HasPrefix(v, "devel") {
		return true
	}
	minor, ok := strings.CutPrefix(v, "go1.")
	if !ok {
		return false
	}
	if i := strings.IndexFunc(minor, func(r rune) bool { return r < '0' || r > '9' }); i >= 0 {
		minor = minor[:i] // go1.26.1, go1.27rc1
	}
	n, err := strconv.Atoi(minor)
	return err == nil && n >= 26
}

// analyseWithVet runs go vet with tool and returns what it found, or nil
// when go vet failed (its output is then dropped: the in-process driver
// reports the failure as it always has).
func analyseWithVet(opts *options, tool string) *outcome {
	args := []string{"vet", "-vettool=" + tool, "-json"}
	if opts.tags != "" {
		args = append(args, "-tags="+opts.tags)
	}
	args = append(args, opts.analyzerFlags...)
	args = append(args, opts.args...)
	cmd := exec.Command("go", args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil
	}
	tree, err := decodeVetJSON(&stdout)
	if err != nil {
		return nil
	}
	out := &outcome{tree: tree}
	out.errs, out.failed = vetErrors(tree)
	return out
}

// decodeVetJSON reads go vet -json's output, one JSON object per package
// the tool analysed, into one tree. go vet analyses a package with test
// files as its test variant, "p [p.test]", which holds all of p's files;
// the in-process driver analyses p too, and reports its findings under p as
// well. So that -json names the same packages whichever way it ran, the
// diagnostics of the variant in p's own files (not _test.go) are given
// under p too.
func decodeVetJSON(r io.Reader) (jsonTree, error) {
	tree := make(jsonTree)
	dec := json.NewDecoder(r)
	for {
		var obj jsonTree
		if err := dec.Decode(&obj); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, err
		}
		for pkg, byAnalyzer := range obj {
			for name, res := range byAnalyzer {
				tree.add(pkg, name, res)
			}
		}
	}
	for id, byAnalyzer := range tree {
		path, variant, ok := strings.Cut(id, " [")
		if !ok || variant != path+".test]" || tree[path] != nil {
			continue
		}
		for name, res := range byAnalyzer {
			own := res
			if res.err == nil {
				own = &jsonResult{}
				for _, d := range res.diags {
					if !strings.HasSuffix(parsePosition(d.Posn).Filename, "_test.go") {
						own.diags = append(own.diags, d)
					}
				}
				if len(own.diags) == 0 {
					continue
				}
			}
			tree.add(path, name, own)
		}
	}
	return tree, nil
}

// vetErrors returns the lines that report the analyzers' errors in the tree,
// as the in-process driver prints them, and whether there was any. An
// analyzer that failed only because one it requires failed on the same
// package is reported only when nothing else is reported for that package
// (the tool does not report the analyzers it runs only as requirements).
func vetErrors(tree jsonTree) (lines []string, failed bool) {
	for _, id := range sortedKeys(tree) {
		var own, deps []string
		for _, name := range sortedKeys(tree[id]) {
			res := tree[id][name]
			if res.err == nil {
				continue
			}
			failed = true
			line := "retrylint: " + name + " failed on " + id + ": " + res.err.Err
			if strings.HasPrefix(res.err.Err, "failed prerequisites:") {
				deps = append(deps, line)
			} else {
				own = append(own, line)
			}
		}
		if len(own) == 0 {
			own = deps
		}
		lines = append(lines, own...)
	}
	return lines, failed
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
