package main

import (
	"cmp"
	"fmt"
	"go/token"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"slices"
	"strconv"
	"strings"

	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Exit statuses of a standalone run (README, "Running it").
const (
	exitClean    = 0 // nothing found; with -json, the output was written
	exitFailed   = 1 // a package failed to load or type-check, an analyzer failed, or -fix could not write
	exitUsage    = 2 // a bad flag, or no package named
	exitFindings = 3 // findings reported; with -fix, findings left without a fix
)

// standalone runs retrylint on the packages its command line names, or
// prints its help, and returns the exit status.
func standalone(args []string, all []*analysis.Analyzer, stdout, stderr io.Writer) int {
	opts, status, ok := parseFlags(all, args, stdout, stderr)
	if !ok {
		return status
	}
	opts.builtin = slices.Equal(all, analyzers.All())
	switch {
	case len(opts.args) == 0:
		fmt.Fprintln(stderr, "retrylint: no packages to analyse: run 'retrylint ./...' in a module, or 'retrylint help'")
		return exitUsage
	case opts.args[0] == "help":
		if len(opts.args) == 1 {
			printHelp(stdout, all)
			return exitClean
		}
		if err := printAnalyzerHelp(stdout, all, opts.args[1:]); err != nil {
			fmt.Fprintf(stderr, "retrylint: %v\n", err)
			return exitUsage
		}
		return exitClean
	}
	stop, err := startProfiles(opts)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		return exitFailed
	}
	status = run(opts, stdout, stderr)
	if err := stop(); err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		status = max(status, exitFailed)
	}
	return status
}

// A finding is one diagnostic of one analyzer, once: a file of a package
// and of its test variant is analysed twice, and reports twice. Its fixes
// are located (see sources.locate): their edits name the files they apply to.
type finding struct {
	analyzer  string
	diag      jsonDiagnostic
	posn, end token.Position
}

// An outcome is what analysing the packages gave.
type outcome struct {
	tree       jsonTree
	loadFailed bool     // errors of packages or modules were printed
	errs       []string // the analyzer errors to print (without -json)
	failed     bool     // an analysis action failed
	// sizes holds the size of each file as the analyzer read it, where
	// that is known: -fix writes no file that changed since.
	sizes map[string]int
}

// run analyses the packages and reports, as opts say.
func run(opts *options, stdout, stderr io.Writer) int {
	out := analyseInOrder(opts)
	if out == nil {
		var status int
		if out, status = analyseHere(opts, stderr); out == nil {
			return status
		}
	}

	if opts.json {
		// Analyzer errors are in the output, under their package.
		if err := printJSON(stdout, out.tree); err != nil {
			fmt.Fprintf(stderr, "retrylint: writing the JSON output: %v\n", err)
			return exitFailed
		}
		return exitClean
	}

	for _, line := range out.errs {
		fmt.Fprintln(stderr, line)
	}
	failed := out.loadFailed || out.failed
	findings := collect(out.tree)
	if opts.fix {
		res := applyFixes(findings, out.sizes, opts.diff, stdout, stderr)
		printFindings(stderr, res.left, opts.context)
		res.summarize(stderr, opts.diff)
		switch {
		case failed || res.failed:
			return exitFailed
		case len(res.left) > 0:
			return exitFindings
		}
		return exitClean
	}
	printFindings(stderr, findings, opts.context)
	switch {
	case failed:
		return exitFailed
	case len(findings) > 0:
		return exitFindings
	}
	return exitClean
}

// analyseHere loads the packages with go/packages and analyses them in this
// process with x/tools' checker: every dependency is type-checked from
// source when an analyzer uses facts. Load errors are printed at once. A nil
// outcome means the analysis could not be done, with that exit status.
func analyseHere(opts *options, stderr io.Writer) (*outcome, int) {
	pkgs, err := load(opts)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		return nil, exitFailed
	}
	out := &outcome{loadFailed: printLoadErrors(stderr, pkgs) > 0, sizes: make(map[string]int)}
	graph, err := checker.Analyze(opts.analyzers, pkgs, nil)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint: %v\n", err)
		return nil, exitFailed
	}
	out.tree = graphTree(graph, out.sizes)
	errs, n := analyzerErrors(graph)
	out.errs, out.failed = errs, n > 0
	return out, exitClean
}

// load loads the packages opts name, with the syntax and types of their
// dependencies too when an analyzer needs facts. An error is one that
// prevents the analysis (errors in packages are in the packages).
func load(opts *options) ([]*packages.Package, error) {
	mode := packages.LoadSyntax | packages.NeedModule
	if needFacts(opts.analyzers) {
		mode |= packages.LoadAllSyntax
	}
	cfg := &packages.Config{Mode: mode, Tests: opts.tests}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	pkgs, err := packages.Load(cfg, opts.args...)
	if err == nil && len(pkgs) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(opts.args, " "))
	}
	return pkgs, err
}

// needFacts reports whether an analyzer, or one it requires, uses facts.
func needFacts(analyzers []*analysis.Analyzer) bool {
	seen := make(map[*analysis.Analyzer]bool)
	var needs func(as []*analysis.Analyzer) bool
	needs = func(as []*analysis.Analyzer) bool {
		for _, a := range as {
			if !seen[a] {
				seen[a] = true
				if len(a.FactTypes) > 0 || needs(a.Requires) {
					return true
				}
			}
		}
		return false
	}
	return needs(analyzers)
}

// printLoadErrors prints the errors of the packages and of their modules,
// as packages.PrintErrors does, and returns how many.
func printLoadErrors(w io.Writer, pkgs []*packages.Package) int {
	n := 0
	seen := make(map[*packages.Module]bool)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, err := range p.Errors {
			fmt.Fprintln(w, err)
			n++
		}
		if m := p.Module; m != nil && m.Error != nil && !seen[m] {
			seen[m] = true
			fmt.Fprintln(w, m.Error.Err)
			n++
		}
	})
	return n
}

// analyzerErrors returns the lines that report the errors of the analysis
// actions, and how many failed. An action that failed only because a package
// had errors (printed as load errors) or because an action it needs failed
// (reported for that one) is counted but not reported, so that one cause is
// one line.
func analyzerErrors(graph *checker.Graph) (lines []string, n int) {
	seen := make(map[string]bool)
	for act := range graph.All() {
		if act.Err == nil {
			continue
		}
		n++
		if act.Package.IllTyped && !act.Analyzer.RunDespiteErrors ||
			slices.ContainsFunc(act.Deps, func(d *checker.Action) bool { return d.Err != nil }) {
			continue
		}
		line := fmt.Sprintf("retrylint: %s failed on %s: %v", act.Analyzer.Name, act.Package.ID, act.Err)
		if !seen[line] {
			seen[line] = true
			lines = append(lines, line)
		}
	}
	return lines, n
}

// printAnalyzerErrors prints what analyzerErrors returns and returns how
// many actions failed.
func printAnalyzerErrors(w io.Writer, graph *checker.Graph) int {
	lines, n := analyzerErrors(graph)
	for _, line := range lines {
		fmt.Fprintln(w, line)
	}
	return n
}

// collect returns the findings of the tree, each once, in order of
// position.
func collect(tree jsonTree) []*finding {
	type key struct {
		analyzer       string
		posn, end, msg string
	}
	seen := make(map[key]bool)
	var fs []*finding
	for _, byAnalyzer := range tree {
		for name, res := range byAnalyzer {
			for _, d := range res.diags {
				k := key{name, d.Posn, d.End, d.Message}
				if seen[k] {
					continue
				}
				seen[k] = true
				fs = append(fs, &finding{analyzer: name, diag: d, posn: parsePosition(d.Posn), end: parsePosition(d.End)})
			}
		}
	}
	slices.SortFunc(fs, func(a, b *finding) int {
		return cmp.Or(
			comparePositions(a.posn, b.posn),
			strings.Compare(a.analyzer, b.analyzer),
			// Then a total order, so that the output does not depend on
			// the order of the tree's maps.
			compareDiagnostics(a.diag, b.diag))
	})
	return fs
}

// compareDiagnostics orders two diagnostics by position, then message,
// then end: a total order on what -json prints of them.
func compareDiagnostics(a, b jsonDiagnostic) int {
	return cmp.Or(
		comparePositions(parsePosition(a.Posn), parsePosition(b.Posn)),
		strings.Compare(a.Message, b.Message),
		strings.Compare(a.End, b.End))
}

func comparePositions(a, b token.Position) int {
	return cmp.Or(
		strings.Compare(a.Filename, b.Filename),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Column, b.Column))
}

// parsePosition reads a position as token.Position.String writes it
// (file:line:col, file:line, file or -).
func parsePosition(s string) token.Position {
	var p token.Position
	if s == "-" {
		return p
	}
	rest := s
	var nums []int
	for range 2 {
		i := strings.LastIndexByte(rest, ':')
		if i < 0 {
			break
		}
		n, err := strconv.Atoi(rest[i+1:])
		if err != nil || n <= 0 {
			break
		}
		nums = append(nums, n)
		rest = rest[:i]
	}
	p.Filename = rest
	switch len(nums) {
	case 2:
		p.Line, p.Column = nums[1], nums[0]
	case 1:
		p.Line = nums[0]
	}
	return p
}

// printFindings prints each finding as "file:line:col: message (analyzer)":
// the analyzer's name is the one //retrylint:ignore takes. With context >= 0,
// the lines of the finding follow, with that many lines around them.
func printFindings(w io.Writer, fs []*finding, context int) {
	for _, f := range fs {
		fmt.Fprintf(w, "%s: %s (%s)\n", f.posn, f.diag.Message, f.analyzer)
		printContext(w, f.posn, f.end, context)
		for _, rel := range f.diag.Related {
			posn := parsePosition(rel.Posn)
			fmt.Fprintf(w, "%s: \t%s\n", posn, rel.Message)
			printContext(w, posn, parsePosition(rel.End), context)
		}
	}
}

func printContext(w io.Writer, posn, end token.Position, context int) {
	if context < 0 {
		return
	}
	data, err := os.ReadFile(posn.Filename)
	if err != nil {
		return
	}
	lines := strings.Split(string(data), "\n")
	for i := max(1, posn.Line-context); i <= min(len(lines), end.Line+context); i++ {
		fmt.Fprintf(w, "%d\t%s\n", i, lines[i-1])
	}
}

// startProfiles starts the profiles and the trace opts ask for; stop
// writes them.
func startProfiles(opts *options) (stop func() error, err error) {
	var stops []func() error
	stop = func() error {
		var first error
		for _, s := range slices.Backward(stops) {
			if err := s(); err != nil && first == nil {
				first = err
			}
		}
		return first
	}
	if opts.cpuProfile != "" {
		f, err := os.Create(opts.cpuProfile)
		if err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return nil, err
		}
		stops = append(stops, func() error { pprof.StopCPUProfile(); return f.Close() })
	}
	if opts.trace != "" {
		f, err := os.Create(opts.trace)
		if err != nil {
			stop()
			return nil, err
		}
		if err := trace.Start(f); err != nil {
			f.Close()
			stop()
			return nil, err
		}
		stops = append(stops, func() error { trace.Stop(); return f.Close() })
	}
	if opts.memProfile != "" {
		stops = append(stops, func() error {
			f, err := os.Create(opts.memProfile)
			if err != nil {
				return err
			}
			runtime.GC()
			if err := pprof.WriteHeapProfile(f); err != nil {
				f.Close()
				return err
			}
			return f.Close()
		})
	}
	return stop, nil
}
