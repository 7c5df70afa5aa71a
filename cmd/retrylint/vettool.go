package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"go/token"
	"os"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// vetToolMain runs the analyzers as go vet's or go fix's tool, through
// x/tools' multichecker and unitchecker, one package per process.
//
// With -json (which go vet -json passes on), each suggested edit is given
// in the file it applies to, as the standalone driver gives it (see
// sources.locate): unitchecker writes an edit's offsets
// in the file it parsed under the name of the file that file's //line
// directives map to, and for a file that imports "C" it parses cmd/cgo's
// translation, so its offsets would land on the wrong bytes of the user's
// file. An edit that cannot be located is dropped with its fix.
//
// A dependency that go vet runs only for its facts is skipped unread when
// no analyzer derives anything from it (analyzers.FactFree: the standard
// library): the tool writes the empty facts file and exits, which spares
// a first run a process's parse and type-check per standard package.
//
// With RETRYLINT_VETLOG set to a file name, each run on a package appends
// the package's ID to that file (with " (facts)" when go vet runs it only
// for the facts of a dependency): a run replayed from go vet's cache
// appends nothing, which is how the tests and internal/bench count what a
// run analysed.
func vetToolMain(all []*analysis.Analyzer) {
	if name := os.Args[len(os.Args)-1]; strings.HasSuffix(name, ".cfg") {
		tuneGC()
		cfg := readUnitConfig(name)
		if cfg.VetxOnly && factFreeSkip != "off" && analyzers.FactFree(cfg.ImportPath) {
			// Only the facts are asked for and there are none: write the
			// empty facts file unitchecker would have, without parsing and
			// type-checking the package (most of a first run's cost is the
			// standard library's packages, each in a process of its own).
			if err := os.WriteFile(cfg.VetxOutput, nil, 0o666); err != nil {
				fmt.Fprintln(os.Stderr, "retrylint:", err)
				os.Exit(1)
			}
			os.Exit(0)
		}
		if log := os.Getenv("RETRYLINT_VETLOG"); log != "" {
			logUnit(log, cfg)
		}
	}
	for _, a := range all {
		run := a.Run
		a.Run = func(pass *analysis.Pass) (any, error) {
			if f := flag.Lookup("json"); f == nil || f.Value.String() != "true" {
				return run(pass)
			}
			p := *pass
			p.Report = func(d analysis.Diagnostic) {
				d.SuggestedFixes = relocateFixes(pass.Fset, d.SuggestedFixes)
				pass.Report(d)
			}
			return run(&p)
		}
	}
	multichecker.Main(all...)
}

// A unit run is short: parse, type-check and analyse one package, write its
// facts, exit. With the collector's default (GOGC=100) such a process spends
// a large share of its CPU collecting heaps that the exit would free anyway.
// So a unit run lets the heap grow to five times the live data before it
// collects, under a soft limit of 1 GiB that keeps a large package's process
// no bigger than the default would make it (the go command runs one unit per
// CPU at once, so the limit bounds their sum too). Measured with
// internal/bench (docs/performance.md): a first run over restic took 22.9 s
// of CPU instead of 27.3 s, and over prometheus the largest process peaked
// at 1074 MB instead of 1179 MB. A GOGC or GOMEMLIMIT the user sets is
// theirs, and is kept.
const (
	unitGCPercent   = 400
	unitMemoryLimit = 1 << 30
)

// tuneGC applies the unit run's collector settings, unless the environment
// sets its own.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(unitGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(unitMemoryLimit)
	}
}

// factFreeSkip set to "off" at link time (-ldflags=-X=main.factFreeSkip=off)
// makes the vet tool analyse fact-free dependencies too, as unitchecker
// would: TestFactFreeSkipSameFindings builds such a binary to prove that the
// skip changes no finding.
var factFreeSkip = "on"

// unitConfig is what the vet tool reads of the go command's config file
// (unitchecker's Config) before unitchecker reads all of it.
type unitConfig struct {
	ID         string
	ImportPath string
	VetxOnly   bool
	VetxOutput string
}

// readUnitConfig returns the fields of unitConfig in the config file, or
// zero values when it cannot be read, for unitchecker to report.
func readUnitConfig(name string) unitConfig {
	var cfg unitConfig
	if data, err := os.ReadFile(name); err == nil {
		json.Unmarshal(data, &cfg) // a bad file is unitchecker's to report
	}
	return cfg
}

// logUnit appends the ID of the package that cfg describes to the file
// log (see logAnalysed).
func logUnit(log string, cfg unitConfig) {
	if cfg.ID != "" {
		logAnalysed(log, cfg.ID, cfg.VetxOnly)
	}
}

// mapped holds, per process, the token.File added to a FileSet for each
// file that edits were relocated to.
var mapped struct {
	sync.Mutex
	files map[string]*token.File
}

// relocateFixes returns the fixes with each edit in a file mapped by //line
// directives moved to the file mapped to, in a token.File of that name
// added to fset (so that fset.Position gives the file and its offsets), and
// without the fixes that have an edit that cannot be located.
func relocateFixes(fset *token.FileSet, fixes []analysis.SuggestedFix) []analysis.SuggestedFix {
	src := newSources()
	var out []analysis.SuggestedFix
fixes:
	for _, fix := range fixes {
		edits := make([]analysis.TextEdit, 0, len(fix.TextEdits))
		for _, e := range fix.TextEdits {
			loc, ok := src.locate(fset, e)
			if !ok {
				continue fixes
			}
			if loc.parsed == nil {
				tf := mappedFile(fset, src, loc.file)
				if tf == nil {
					continue fixes
				}
				e.Pos, e.End = tf.Pos(loc.start), tf.Pos(loc.end)
			}
			edits = append(edits, e)
		}
		fix.TextEdits = edits
		out = append(out, fix)
	}
	return out
}

// mappedFile returns the token.File, in fset, that stands for the file
// name, or nil when it cannot be read.
func mappedFile(fset *token.FileSet, src *sources, name string) *token.File {
	mapped.Lock()
	defer mapped.Unlock()
	if tf := mapped.files[name]; tf != nil {
		return tf
	}
	data, err := src.read(name)
	if err != nil {
		return nil
	}
	tf := fset.AddFile(name, -1, len(data))
	tf.SetLinesForContent(data)
	if mapped.files == nil {
		mapped.files = make(map[string]*token.File)
	}
	mapped.files[name] = tf
	return tf
}
