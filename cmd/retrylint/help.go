package main

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// docsURL is where users read about retrylint.
const docsURL = "https://github.com/retrylint/retrylint#readme"

const preamble = `retrylint finds, at compile time, the resilience mistakes that turn one slow
dependency into an outage: HTTP clients that can wait forever, retries that
back off in lockstep, retries wrapped around calls that already retry,
retried POSTs without an idempotency key, and retries that cannot fit their
deadline or wait through it. Most findings come with a fix
written to be applied unreviewed.

Usage:

  retrylint [flags] packages         print the findings (e.g. retrylint ./...)
  retrylint -fix [-diff] packages    apply the fixes (or print them as a diff)
  retrylint -json packages           print findings and fixes as JSON
  go vet -vettool=$(command -v retrylint) packages
  go fix -fixtool=$(command -v retrylint) packages
  retrylint report [flags] packages  calls per entry point and dependency, by retry layer
  retrylint help [analyzer]          this text, or an analyzer's documentation
  retrylint version                  which build this is
  retrylint lsp                      a language server for editors

Each finding is one line, file:line:col: message (analyzer). To silence one,
write //retrylint:ignore analyzer reason on its line or the line above.

Exit status: 0 nothing found, 3 findings reported (with -fix: findings left
without a fix), 1 a package failed to load or an analyzer failed, 2 a bad
flag. -json exits 0 whenever it could write its output.

Documentation: ` + docsURL + `
`

// printHelp prints the help of `retrylint help`: what retrylint does, the
// analyzers and the driver's flags.
func printHelp(w io.Writer, all []*analysis.Analyzer) {
	fmt.Fprint(w, preamble+"\n")
	fmt.Fprintln(w, "Analyzers (all run by default; -NAME runs only those named, -NAME=false all but those):")
	fmt.Fprintln(w)
	for _, a := range slices.SortedFunc(slices.Values(all), func(a, b *analysis.Analyzer) int { return strings.Compare(a.Name, b.Name) }) {
		title, _, _ := strings.Cut(a.Doc, "\n\n")
		fmt.Fprintf(w, "  %-16s %s\n", a.Name, title)
	}
	fmt.Fprintln(w, "\nFlags:")
	fmt.Fprintln(w)
	fs := newFlagSet(nil, new(options), nil)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprintln(w, "\nRun 'retrylint help NAME' for an analyzer's documentation and flags.")
}

// printAnalyzerHelp prints the documentation and flags of the analyzers
// named, as x/tools' drivers print them: the title line, the flags with the
// analyzer's prefix, then the rest of the Doc. An unknown name is an error.
func printAnalyzerHelp(w io.Writer, all []*analysis.Analyzer, names []string) error {
	for _, name := range names {
		i := slices.IndexFunc(all, func(a *analysis.Analyzer) bool { return a.Name == name })
		if i < 0 {
			return fmt.Errorf("no analyzer named %q (run 'retrylint help' for the list)", name)
		}
		a := all[i]
		title, rest, _ := strings.Cut(a.Doc, "\n\n")
		fmt.Fprintf(w, "%s: %s\n", a.Name, title)
		fs := flag.NewFlagSet(a.Name, flag.ContinueOnError)
		n := 0
		a.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, a.Name+"."+f.Name, f.Usage)
			n++
		})
		if n > 0 {
			fmt.Fprintln(w, "\nAnalyzer flags:")
			fmt.Fprintln(w)
			fs.SetOutput(w)
			fs.PrintDefaults()
		}
		if rest != "" {
			fmt.Fprintf(w, "\n%s\n", rest)
		}
	}
	return nil
}
