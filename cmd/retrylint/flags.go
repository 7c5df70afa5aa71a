package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"

	"golang.org/x/tools/go/analysis"
)

// options are the settings of a standalone run.
type options struct {
	json, fix, diff bool
	context         int // -c: lines of context around each finding (-1: none)
	tests           bool
	tags            string
	cpuProfile      string
	memProfile      string
	trace           string

	analyzers []*analysis.Analyzer // the enabled ones
	args      []string             // packages, or help and its arguments
	// analyzerFlags are the analyzer flags the command line set
	// (-zerotimeout=false, -zerotimeout.timeout=10s), as go vet passes
	// them on to its tool.
	analyzerFlags []string
	builtin       bool // the analyzers are this binary's own (only those are cached: see cache.go)
}

// newFlagSet defines the flags of a standalone run on a new flag set: the
// driver's own (in opts), and for each analyzer a flag named after it, which
// enables it, and its own flags, prefixed with its name (-zerotimeout.timeout),
// as x/tools' multichecker names them, so that they are the same as under
// go vet and go fix. enabled receives the analyzers' switches.
func newFlagSet(all []*analysis.Analyzer, opts *options, enabled map[*analysis.Analyzer]*triState) *flag.FlagSet {
	fs := flag.NewFlagSet("retrylint", flag.ContinueOnError)
	fs.BoolVar(&opts.json, "json", false, "print the findings and their fixes as JSON on stdout")
	fs.BoolVar(&opts.fix, "fix", false, "apply the first fix of each finding, and print the findings left without one")
	fs.BoolVar(&opts.diff, "diff", false, "with -fix, print the fixes as a unified diff instead of applying them")
	fs.IntVar(&opts.context, "c", -1, "print each finding's line with this many lines of context")
	fs.BoolVar(&opts.tests, "test", true, "also analyse test files")
	fs.StringVar(&opts.tags, "tags", "", "comma-separated build tags, as go build -tags takes them")
	fs.StringVar(&opts.cpuProfile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&opts.memProfile, "memprofile", "", "write a memory profile to this file")
	fs.StringVar(&opts.trace, "trace", "", "write an execution trace to this file")
	for _, a := range all {
		ts := new(triState)
		enabled[a] = ts
		fs.Var(ts, a.Name, fmt.Sprintf("enable the %s analyzer (-%[1]s=false: all but %[1]s)", a.Name))
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
		})
	}
	return fs
}

// parseFlags reads the command line of a standalone run. A bad flag value is
// one line on stderr and exit status 2; -h prints the help and exit status 0.
// ok is false when the run is over, with that status.
func parseFlags(all []*analysis.Analyzer, args []string, stdout, stderr io.Writer) (opts *options, status int, ok bool) {
	opts = new(options)
	enabled := make(map[*analysis.Analyzer]*triState)
	fs := newFlagSet(all, opts, enabled)
	fs.SetOutput(io.Discard) // errors are printed below, on one line
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printHelp(stdout, all)
			return nil, 0, false
		}
		fmt.Fprintf(stderr, "retrylint: %v (run 'retrylint help' for the flags)\n", err)
		return nil, 2, false
	}
	opts.args = fs.Args()
	opts.analyzers = selectAnalyzers(all, enabled)
	driver := newFlagSet(nil, new(options), nil)
	fs.Visit(func(f *flag.Flag) {
		if driver.Lookup(f.Name) == nil {
			opts.analyzerFlags = append(opts.analyzerFlags, "-"+f.Name+"="+f.Value.String())
		}
	})
	if opts.diff && !opts.fix {
		fmt.Fprintln(stderr, "retrylint: -diff shows what -fix would do: use -fix -diff")
		return nil, 2, false
	}
	if opts.json && opts.fix {
		fmt.Fprintln(stderr, "retrylint: -json and -fix cannot be combined: -json reports the fixes, -fix applies them")
		return nil, 2, false
	}
	return opts, 0, true
}

// selectAnalyzers applies the analyzers' switches as multichecker does: if
// any -NAME is true, only those run; otherwise, all but those set false.
func selectAnalyzers(all []*analysis.Analyzer, enabled map[*analysis.Analyzer]*triState) []*analysis.Analyzer {
	var only, except []*analysis.Analyzer
	for _, a := range all {
		switch *enabled[a] {
		case setTrue:
			only = append(only, a)
		case unset:
			except = append(except, a)
		}
	}
	if len(only) > 0 {
		return only
	}
	return except
}

// A triState is an analyzer's switch: a boolean flag that knows whether it
// was set.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) IsBoolFlag() bool { return true }

func (ts *triState) Get() any { return *ts != setFalse }

func (ts *triState) String() string {
	if ts != nil && *ts == setFalse {
		return "false"
	}
	return "true"
}

func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return errors.New("want true or false")
	}
	*ts = setFalse
	if b {
		*ts = setTrue
	}
	return nil
}
