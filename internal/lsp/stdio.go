package lsp

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"

	"golang.org/x/tools/go/analysis"
)

// Main runs `retrylint lsp [-v]`: a server on standard input and output,
// logging to standard error. It returns the process exit code. factFree,
// given once at most, is Options.FactFree.
func Main(args []string, analyzers []*analysis.Analyzer, factFree ...func(importPath string) bool) int {
	if len(factFree) > 1 {
		panic("lsp.Main: more than one factFree")
	}
	fs := flag.NewFlagSet("retrylint lsp", flag.ContinueOnError)
	verbose := fs.Bool("v", false, "log each analysis and its duration to standard error")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: retrylint lsp [-v]\n\nServes the Language Server Protocol on standard input and output: diagnostics and quick fixes\nfor the Go files an editor opens, beside gopls.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err == flag.ErrHelp {
		return 0
	} else if err != nil {
		return 2
	}
	logger := log.New(os.Stderr, "retrylint lsp: ", log.LstdFlags)
	opts := Options{Analyzers: analyzers, Log: logger, Verbose: *verbose}
	if len(factFree) == 1 {
		opts.FactFree = factFree[0]
	}
	return Serve(context.Background(), stdio{}, opts)
}

// stdio is the process's standard input and output as one stream.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error {
	return errors.Join(os.Stdin.Close(), os.Stdout.Close())
}

var _ io.ReadWriteCloser = stdio{}
