package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
)

// build describes which build of retrylint is running, from the information
// the go command stamps into every binary.
type build struct {
	module, version string // the module holding this command, and its version
	revision, time  string // the VCS commit and its time, when built from a checkout
	modified        bool   // the checkout had uncommitted changes
	goVersion       string
}

const mainPkg = "github.com/retrylint/retrylint/cmd/retrylint"

// readBuild reads the build information. The module is found by the main
// package's path, so that a build as a dependency (go tool retrylint in
// another module, go run ...@version) reports retrylint's version, not that
// of the module around it.
func readBuild(info *debug.BuildInfo) build {
	b := build{module: "github.com/retrylint/retrylint", version: "unknown", goVersion: runtime.Version()}
	if info == nil {
		return b
	}
	b.goVersion = info.GoVersion
	mods := append([]*debug.Module{&info.Main}, info.Deps...)
	for _, m := range mods {
		if m.Path != "" && (info.Path == m.Path || strings.HasPrefix(info.Path, m.Path+"/")) {
			b.module, b.version = m.Path, m.Version
			if m.Replace != nil && m.Version == "" {
				b.version = m.Replace.Version
			}
			break
		}
	}
	if b.version == "" {
		b.version = "(devel)"
	}
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			b.revision = s.Value
		case "vcs.time":
			b.time = s.Value
		case "vcs.modified":
			b.modified = s.Value == "true"
		}
	}
	return b
}

// String is one line of space-free fields:
// "github.com/retrylint/retrylint@v0.1.0 vcs.revision=... vcs.time=... vcs.modified=true go1.26.8".
func (b build) String() string {
	fields := []string{b.module + "@" + b.version}
	if b.revision != "" {
		fields = append(fields, "vcs.revision="+b.revision)
	}
	if b.time != "" {
		fields = append(fields, "vcs.time="+b.time)
	}
	if b.revision != "" {
		fields = append(fields, fmt.Sprintf("vcs.modified=%t", b.modified))
	}
	return strings.Join(append(fields, b.goVersion), " ")
}

// fullVersion is the -V=full line. The go command (cmd/go/internal/work,
// toolID) keys go vet's and go fix's cache on it: it requires
// "<prog> version <v> ...", and when <v> contains "devel" it uses only the
// last field, which must be "buildID=<hash>". x/tools prints a hash of the
// executable there, so that a rebuilt tool invalidates the cache; so do we,
// with the build description in between, where the go command ignores it.
func fullVersion(progname string, b build, exe io.Reader) (string, error) {
	h := sha256.New()
	if _, err := io.Copy(h, exe); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s version devel %s buildID=%x", progname, b, h.Sum(nil)), nil
}

// versionFlag is -V=full. multichecker registers x/tools' own -V only when
// none exists, so this one, defined first, replaces it.
type versionFlag struct{}

func (versionFlag) IsBoolFlag() bool { return true }
func (versionFlag) Get() any         { return nil }
func (versionFlag) String() string   { return "" }
func (versionFlag) Set(s string) error {
	if s != "full" {
		return fmt.Errorf("unsupported flag value: -V=%s (use -V=full)", s)
	}
	progname, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(progname)
	if err != nil {
		return err
	}
	defer f.Close()
	info, _ := debug.ReadBuildInfo()
	line, err := fullVersion(progname, readBuild(info), f)
	if err != nil {
		return err
	}
	fmt.Println(line)
	os.Exit(0)
	return nil
}

// printVersion is the version subcommand.
func printVersion() {
	info, _ := debug.ReadBuildInfo()
	fmt.Println("retrylint version " + readBuild(info).String())
}
