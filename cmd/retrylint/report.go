package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/retrylint/retrylint/analyzers/retrychain"
)

// `retrylint report` answers the question that one finding at a time does
// not: how many calls can one call of each entry point make to each
// retrying dependency, through which layers, and which layer should own the
// retries. It runs nestedretry (and the retry-site recogniser it requires)
// as a lint run does and reads their facts (analyzers/retrychain), so it
// costs no more than one.

const reportUsage = `usage: retrylint report [-format=text|json|markdown|dot] [-min=N] [-tags=TAGS] packages

For each entry point of the packages (exported functions and methods, HTTP
handlers, main) and each retrying dependency it reaches, report the most
calls one call of the entry point can make to the dependency, the chain of
layers with each one's attempts, the layer that should own the retries (the
innermost one that retries), and what else bounds them (a retry budget, a
deadline). See https://github.com/retrylint/retrylint/blob/main/docs/report.md.

Exit status: 0 done, 3 with -min when a chain makes at least that many
calls, 1 a package failed to load or an analyzer failed, 2 a bad flag.

Flags:
`

// reportOptions are the settings of a report.
type reportOptions struct {
	format string
	min    int
	tags   string
	args   []string
}

// report runs `retrylint report args...` in the current directory and
// returns the exit status.
func report(args []string, stdout, stderr io.Writer) int {
	return reportIn("", nil, args, stdout, stderr)
}

// reportIn is report run in dir with the environment env (nil: the
// process's own), for the tests.
func reportIn(dir string, env, args []string, stdout, stderr io.Writer) int {
	var opts reportOptions
	fs := flag.NewFlagSet("retrylint report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&opts.format, "format", "text", "output format: text, json, markdown or dot")
	fs.IntVar(&opts.min, "min", 0, "only chains of at least this many calls; exit status 3 when there is one")
	fs.StringVar(&opts.tags, "tags", "", "comma-separated build tags, as go build -tags takes them")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), reportUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.Usage()
			return exitClean
		}
		return exitUsage
	}
	write, ok := reportFormats[opts.format]
	switch {
	case !ok:
		fmt.Fprintf(stderr, "retrylint report: unknown -format %q: want text, json, markdown or dot\n", opts.format)
		return exitUsage
	case opts.min < 0:
		fmt.Fprintf(stderr, "retrylint report: -min %d: want a number of calls, 0 or more\n", opts.min)
		return exitUsage
	case fs.NArg() == 0:
		fmt.Fprintln(stderr, "retrylint report: no packages to report on: run 'retrylint report ./...' in a module")
		return exitUsage
	}
	opts.args = fs.Args()
	chains, failed, err := buildReport(dir, env, opts)
	if err != nil {
		fmt.Fprintf(stderr, "retrylint report: %v\n", err)
		return exitFailed
	}
	printLoadErrorsOf(stderr, failed)
	chains = atLeast(chains, opts.min)
	if err := write(stdout, chains); err != nil {
		fmt.Fprintf(stderr, "retrylint report: writing the report: %v\n", err)
		return exitFailed
	}
	return reportStatus(chains, opts.min, len(failed) > 0)
}

// reportStatus is the exit status of a report: 1 when a package could not
// be analysed, else 3 when -min is set and a chain reaches it.
func reportStatus(chains []retrychain.Chain, min int, failed bool) int {
	switch {
	case failed:
		return exitFailed
	case min > 0 && len(chains) > 0:
		return exitFindings
	}
	return exitClean
}

// printLoadErrorsOf prints the errors buildReport collected.
func printLoadErrorsOf(w io.Writer, errs []string) {
	for _, e := range errs {
		fmt.Fprintln(w, e)
	}
}

// buildReport loads and analyses the packages opts name, in dir with env,
// and returns their chains, with positions relative to dir (or the current
// directory), and the errors that kept a package from being analysed.
func buildReport(dir string, env []string, opts reportOptions) ([]retrychain.Chain, []string, error) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: dir, Env: env}
	if opts.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + opts.tags}
	}
	pkgs, err := packages.Load(cfg, opts.args...)
	if err == nil && len(pkgs) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(opts.args, " "))
	}
	if err != nil {
		return nil, nil, err
	}
	var errs strings.Builder
	printLoadErrors(&errs, pkgs)
	graph, err := checker.Analyze(retrychain.Analyzers(), pkgs, nil)
	if err != nil {
		return nil, nil, err
	}
	printAnalyzerErrors(&errs, graph)
	chains, err := retrychain.Build(graph)
	if err != nil {
		return nil, nil, err
	}
	base := dir
	if base == "" {
		base, _ = os.Getwd()
	}
	for i := range chains {
		chains[i].Entry.Pos.Filename = relative(base, chains[i].Entry.Pos.Filename)
	}
	var failed []string
	for line := range strings.Lines(errs.String()) {
		failed = append(failed, strings.TrimSuffix(line, "\n"))
	}
	return chains, failed, nil
}

// atLeast keeps the chains of at least min calls (an unbounded chain has
// more than any number; an unknown one is not known to reach it). With
// min 0 it keeps them all.
func atLeast(chains []retrychain.Chain, min int) []retrychain.Chain {
	if min == 0 {
		return chains
	}
	var out []retrychain.Chain
	for _, c := range chains {
		if (c.Calls.Finite() || c.Calls.Kind == retrychain.Unbounded) && c.Calls.Rank() >= min {
			out = append(out, c)
		}
	}
	return out
}

// relative returns file relative to base when it lies under it.
func relative(base, file string) string {
	if base == "" || file == "" {
		return file
	}
	rel, err := filepath.Rel(base, file)
	if err != nil || strings.HasPrefix(rel, "..") {
		return file
	}
	return filepath.ToSlash(rel)
}
