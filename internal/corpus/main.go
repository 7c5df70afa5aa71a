// Command corpus measures retrylint on real repositories against hand labels:
//
//	go run ./internal/corpus [-mirrors DIR] [-work DIR] [-only owner/name,...] [-analyzers a,b [-select]] [-cached]
//
// It reads corpus/repos.tsv (repository, pinned commit, module directory,
// package patterns and, optionally, the GOFLAGS the module needs), writes
// each pinned commit's tree under -work from the
// bare git snapshot under -mirrors (where the session's fetch tool puts
// owner+name/.../repo), builds retrylint from a commit of this checkout
// (-rev, HEAD by default: others' uncommitted edits are not measured), runs it with
// -json over each module (with -select, only the analyzers measured: an
// analyzer's findings do not depend on the others, and the run is shorter) (GOWORK=off, GOTOOLCHAIN=local; dependencies come
// through the module proxy; the repository's own programs are never built or
// run), and matches the findings to corpus/labels/owner+name.tsv.
//
// It prints, per repository and per analyzer: the labelled problems found,
// the look-alikes wrongly reported, and the findings no label holds; then
// each missed problem and each reported look-alike, with its label's reason,
// so that the causes can be read; then the precision of the hand-judged
// sample in corpus/sample.tsv. The unlabelled findings are written to a file
// (-unlabelled) to sample from.
//
// A label covers a line range: a finding anywhere in it matches, and a
// finding inside several labels of its analyzer goes to the narrowest. Load
// errors (a package that does not type-check) are printed per module: the
// findings of the packages that loaded still count, but a label in a package
// that did not load cannot be found.
//
// The parsing and matching are tested by go test; the run needs the snapshots
// and is not part of the tests. Trees and outputs stay under -work, outside
// the repository.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/retrylint/retrylint/internal/modroot"
)

func main() {
	if err := realMain(); err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(1)
	}
}

func realMain() error {
	cache, _ := os.UserCacheDir()
	var (
		mirrors    = flag.String("mirrors", "/work/.mirror", "directory of the bare git snapshots, one owner+name directory per repository")
		work       = flag.String("work", filepath.Join(cache, "retrylint-corpus"), "directory for the trees, the retrylint binary and the outputs (outside the repository)")
		only       = flag.String("only", "", "comma-separated owner/name: measure only these repositories")
		names      = flag.String("analyzers", strings.Join(analyzerNames, ","), "comma-separated analyzers to measure")
		corpusDir  = flag.String("corpus", "", "directory of repos.tsv, labels/ and sample.tsv (default: corpus/ of this module)")
		cached     = flag.Bool("cached", false, "reuse the saved output of an earlier run of the same retrylint on the same module instead of running it again")
		timeout    = flag.Duration("timeout", 30*time.Minute, "give up on one module's run after this long")
		goflags    = flag.String("goflags", "", "GOFLAGS for every run (e.g. -mod=mod), before those of the repository's row")
		unlabelled = flag.String("unlabelled", "", "file for the unlabelled findings (default: unlabelled.tsv under -work)")
		selectOnly = flag.Bool("select", false, "run only the analyzers measured (-analyzers), which is faster; their names become part of the saved output's name")
		rev        = flag.String("rev", "HEAD", "the commit of this repository to build retrylint from; empty for the working tree as it is")
	)
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	analyzers := strings.Split(*names, ",")
	// With -select, retrylint runs only the measured analyzers (-zerotimeout
	// ...), and the saved outputs say which.
	var selected []string
	selectedID := ""
	if *selectOnly {
		for _, a := range analyzers {
			selected = append(selected, "-"+a)
		}
		selectedID = "-only-" + strings.Join(analyzers, "+")
	}
	for _, a := range analyzers {
		if !slices.Contains(analyzerNames, a) {
			return fmt.Errorf("-analyzers: %q is not one of %s", a, strings.Join(analyzerNames, ", "))
		}
	}
	root := modroot.Dir()
	if *corpusDir == "" {
		*corpusDir = filepath.Join(root, "corpus")
	}
	if *unlabelled == "" {
		*unlabelled = filepath.Join(*work, "unlabelled.tsv")
	}

	repos, err := readRepos(filepath.Join(*corpusDir, "repos.tsv"))
	if err != nil {
		return err
	}
	if *only != "" {
		want := strings.Split(*only, ",")
		for _, w := range want {
			if !slices.ContainsFunc(repos, func(r Repo) bool { return r.Name == w }) {
				return fmt.Errorf("-only: %s is not in repos.tsv", w)
			}
		}
		repos = slices.DeleteFunc(repos, func(r Repo) bool { return !slices.Contains(want, r.Name) })
	}
	var order []string // repository names, each once, in repos.tsv order
	for _, r := range repos {
		if !slices.Contains(order, r.Name) {
			order = append(order, r.Name)
		}
	}
	labels := map[string][]Label{}
	for _, name := range order {
		ls, err := readLabels(filepath.Join(*corpusDir, "labels", labelsFile(name)))
		if err != nil {
			return err
		}
		labels[name] = slices.DeleteFunc(ls, func(l Label) bool { return !slices.Contains(analyzers, l.Analyzer) })
	}
	sample, err := readSample(filepath.Join(*corpusDir, "sample.tsv"))
	if err != nil {
		return err
	}

	goVersion, err := exec.Command("go", "env", "GOVERSION").Output()
	if err != nil {
		return fmt.Errorf("go env GOVERSION: %v", err)
	}
	revID, err := resolveRev(root, *rev)
	if err != nil {
		return err
	}
	fmt.Printf("retrylint at %s (-rev %q)\n", revID, *rev)
	var bin string // built on the first run that needs it

	findings := map[string][]Finding{}
	failed := map[string]string{}
	checked := map[string]bool{} // repositories whose labels were checked against the tree
	for _, r := range repos {
		fmt.Printf("== %s (module %s, %s)\n", r.Name, r.ModuleDir, r.Commit[:12])
		gitDir, err := findGitDir(*mirrors, r.Name)
		if err != nil {
			failed[r.Name] = err.Error()
			fmt.Println("   ", err)
			continue
		}
		tree := filepath.Join(*work, "trees", strings.Replace(r.Name, "/", "+", 1)+"@"+r.Commit)
		missing, err := extract(gitDir, r.Commit, tree)
		if err != nil {
			failed[r.Name] = err.Error()
			fmt.Println("   ", err)
			continue
		}
		if len(missing) > 0 {
			fmt.Printf("    the snapshot lacks %d files (e.g. %s)\n", len(missing), missing[0])
		}
		base := filepath.Join(*work, "results", strings.Replace(r.Name, "/", "+", 1)+"@"+r.Commit+"@"+strings.ReplaceAll(r.ModuleDir, "/", "+")+"@retrylint-"+revID+selectedID)
		var out run
		if data, err := os.ReadFile(base + ".json"); *cached && err == nil {
			out.json = data
			out.stderr, _ = os.ReadFile(base + ".stderr")
			fmt.Printf("    reusing %s.json\n", base)
		} else {
			if bin == "" {
				if bin, err = buildRetrylint(root, revID, *work); err != nil {
					return err
				}
			}
			ctx, cancel := context.WithTimeout(context.Background(), *timeout)
			out, err = runRetrylint(ctx, bin, filepath.Join(tree, filepath.FromSlash(r.ModuleDir)), selected, r.Packages, strings.TrimSpace(string(goVersion)), strings.TrimSpace(*goflags+" "+r.GoFlags))
			cancel()
			for _, n := range out.notes {
				fmt.Println("    note:", n)
			}
			if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
				return err
			}
			if werr := os.WriteFile(base+".stderr", out.stderr, 0o644); werr != nil {
				return werr
			}
			if err != nil {
				failed[r.Name] = err.Error()
				fmt.Println("   ", err)
				continue
			}
			if err := os.WriteFile(base+".json", out.json, 0o644); err != nil {
				return err
			}
			fmt.Printf("    retrylint -json %s: %s\n", strings.Join(r.Packages, " "), out.elapsed.Round(time.Second))
		}
		found, errs, err := ParseJSON(out.json, r.Name, tree, analyzers)
		if err != nil {
			failed[r.Name] = err.Error()
			fmt.Println("   ", err)
			continue
		}
		NamePlaces(found, modulePath(filepath.Join(tree, filepath.FromSlash(r.ModuleDir))), r.ModuleDir)
		fmt.Printf("    %d findings\n", len(found))
		if len(errs) > 0 {
			fmt.Printf("    %d analysis errors (an analyzer failed, or a package did not load), e.g.:\n", len(errs))
			for _, e := range errs[:min(len(errs), 4)] {
				fmt.Println("      ", e)
			}
		}
		if len(strings.TrimSpace(string(out.stderr))) > 0 {
			fmt.Printf("    load errors (all in %s.stderr):\n", base)
			for _, l := range strings.Split(firstLines(out.stderr, 8), "\n") {
				fmt.Println("      ", l)
			}
		}
		findings[r.Name] = append(findings[r.Name], found...)
		if checked[r.Name] {
			continue
		}
		checked[r.Name] = true
		for _, l := range labels[r.Name] {
			p := filepath.Join(tree, filepath.FromSlash(l.Path))
			if n := countLines(p); n < 0 {
				fmt.Printf("    %s: %s is not in the tree\n", l.Pos, l.Path)
			} else if l.End > n {
				fmt.Printf("    %s: %s has %d lines, the label ends at %d\n", l.Pos, l.Path, n, l.End)
			}
		}
	}

	// The figures.
	outcomes := map[string]Outcome{}
	var allUnlabelled []Finding
	var measured []string
	for _, name := range order {
		if _, bad := failed[name]; bad {
			continue
		}
		measured = append(measured, name)
		o := Match(labels[name], findings[name])
		outcomes[name] = o
		allUnlabelled = append(allUnlabelled, o.Unlabelled...)
	}
	sortFindings(allUnlabelled)
	fmt.Println()
	fmt.Println("== figures per repository")
	for _, name := range measured {
		for _, a := range analyzers {
			var t Tally
			t.Add(outcomes[name], a)
			fmt.Printf("%-30s %-12s %s\n", name, a, t)
		}
	}
	fmt.Println()
	fmt.Printf("== figures per analyzer (%d repositories)\n", len(measured))
	for _, a := range analyzers {
		var t Tally
		for _, name := range measured {
			t.Add(outcomes[name], a)
		}
		fmt.Printf("%-12s %s\n", a, t)
	}
	for _, a := range analyzers {
		fmt.Printf("\n== %s: missed problems and reported look-alikes\n", a)
		for _, name := range measured {
			o := outcomes[name]
			for i, l := range o.Labels {
				if l.Analyzer != a {
					continue
				}
				switch hit := len(o.Hits[i]) > 0; {
				case l.Verdict == "problem" && !hit:
					fmt.Printf("missed    %s %s:%d-%d: %s\n", name, l.Path, l.Start, l.End, l.Reason)
				case l.Verdict == "lookalike" && hit:
					fmt.Printf("reported  %s %s:%d-%d: %s\n", name, l.Path, l.Start, l.End, l.Reason)
					for _, f := range o.Hits[i] {
						fmt.Printf("          line %d: %s\n", f.Line, f.Message)
					}
				}
			}
		}
	}
	current, stale := Split(sample, measured, allUnlabelled)
	if len(current)+len(stale) > 0 {
		fmt.Println("\n== sample of unlabelled findings judged by hand (corpus/sample.tsv), of those this run still makes")
		for _, a := range analyzers {
			right, total := Precision(current, a)
			fmt.Printf("%-12s right %d of %d\n", a, right, total)
		}
		for _, j := range stale {
			fmt.Printf("stale: %s: %s %s:%d is no unlabelled finding now\n", j.Pos, j.Analyzer, j.Path, j.Line)
		}
	}

	if err := os.MkdirAll(filepath.Dir(*unlabelled), 0o755); err != nil {
		return err
	}
	f, err := os.Create(*unlabelled)
	if err != nil {
		return err
	}
	if err := WriteUnlabelled(f, allUnlabelled); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Printf("\n%d unlabelled findings written to %s\n", len(allUnlabelled), *unlabelled)
	if len(failed) > 0 {
		var msgs []string
		for _, name := range order {
			if e, ok := failed[name]; ok {
				msgs = append(msgs, name+": "+e)
			}
		}
		return fmt.Errorf("%d repositories not measured:\n%s", len(failed), strings.Join(msgs, "\n"))
	}
	return nil
}

func readRepos(p string) ([]Repo, error) {
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseRepos(f, p)
}

// readLabels reads a labels file; a repository without one has no labels.
func readLabels(p string) ([]Label, error) {
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseLabels(f, p)
}

func readSample(p string) ([]Judgement, error) {
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	return ParseSample(f, p)
}

// resolveRev returns the full commit of rev in the checkout at root, or
// "worktree" if rev is empty.
func resolveRev(root, rev string) (string, error) {
	if rev == "" {
		return "worktree", nil
	}
	out, err := exec.Command("git", "-C", root, "rev-parse", "--verify", rev+"^{commit}").Output()
	if err != nil {
		return "", fmt.Errorf("-rev %s: not a commit of %s", rev, root)
	}
	return strings.TrimSpace(string(out)), nil
}

// buildRetrylint builds retrylint from commit id of the checkout at root
// (its tree written under work, so that others' uncommitted edits do not
// change what is measured), or from the working tree if id is "worktree",
// and returns the binary's path.
func buildRetrylint(root, id, work string) (string, error) {
	src := root
	if id != "worktree" {
		src = filepath.Join(work, "retrylint", id)
		gitDir, err := exec.Command("git", "-C", root, "rev-parse", "--absolute-git-dir").Output()
		if err != nil {
			return "", fmt.Errorf("git rev-parse --absolute-git-dir: %v", err)
		}
		if _, err := extract(strings.TrimSpace(string(gitDir)), id, src); err != nil {
			return "", err
		}
	}
	bin := filepath.Join(work, "bin", "retrylint-"+id)
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/retrylint")
	cmd.Dir = src
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building retrylint: %v\n%s", err, out)
	}
	return bin, nil
}

// modulePath reads the module path from the go.mod in dir; "" if there is
// none (then no message names a place in it).
func modulePath(dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "module"); ok && rest != "" && (rest[0] == ' ' || rest[0] == '\t') {
			return strings.Trim(strings.TrimSpace(rest), `"`)
		}
	}
	return ""
}
