package main

import (
	"bytes"
	"runtime/debug"
	"strings"
	"testing"
)

func TestReadBuild(t *testing.T) {
	vcs := []debug.BuildSetting{
		{Key: "vcs.revision", Value: "72b8600a159eeb08f672551f09c8b910b0d282a1"},
		{Key: "vcs.time", Value: "2026-11-29T18:42:13Z"},
		{Key: "vcs.modified", Value: "true"},
	}
	for _, tc := range []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"no build info", nil, "github.com/retrylint/retrylint@unknown "},
		{"go install @version", &debug.BuildInfo{GoVersion: "go1.25.4", Path: mainPkg,
			Main: debug.Module{Path: "github.com/retrylint/retrylint", Version: "v0.3.0"}},
			"github.com/retrylint/retrylint@v0.3.0 go1.25.4"},
		{"from a checkout", &debug.BuildInfo{GoVersion: "go1.26.8", Path: mainPkg,
			Main: debug.Module{Path: "github.com/retrylint/retrylint", Version: "v0.0.0-20261129184213-72b8600a159e+dirty"}, Settings: vcs},
			"github.com/retrylint/retrylint@v0.0.0-20261129184213-72b8600a159e+dirty vcs.revision=72b8600a159eeb08f672551f09c8b910b0d282a1 vcs.time=2026-11-29T18:42:13Z vcs.modified=true go1.26.8"},
		{"go tool in another module", &debug.BuildInfo{GoVersion: "go1.26.8", Path: mainPkg,
			Main: debug.Module{Path: "example.com/sample", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "golang.org/x/tools", Version: "v0.49.0"}, {Path: "github.com/retrylint/retrylint", Version: "v0.2.1"}}},
			"github.com/retrylint/retrylint@v0.2.1 go1.26.8"},
		{"replaced by a directory", &debug.BuildInfo{GoVersion: "go1.26.8", Path: mainPkg,
			Main: debug.Module{Path: "example.com/sample"},
			Deps: []*debug.Module{{Path: "github.com/retrylint/retrylint", Replace: &debug.Module{Path: "../.."}}}},
			"github.com/retrylint/retrylint@(devel) go1.26.8"},
	} {
		got := readBuild(tc.info).String()
		if tc.info == nil && strings.HasPrefix(got, tc.want) || got == tc.want {
			continue
		}
		t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
	}
}

func TestFullVersion(t *testing.T) {
	b := build{module: "github.com/retrylint/retrylint", version: "v0.3.0", goVersion: "go1.26.8"}
	got, err := fullVersion("/bin/retrylint", b, bytes.NewReader([]byte("binary")))
	if err != nil {
		t.Fatal(err)
	}
	want := "/bin/retrylint version devel github.com/retrylint/retrylint@v0.3.0 go1.26.8 buildID=" +
		"9a3a45d01531a20e89ac6ae10b0b0beb0492acd7216a368aa062d1a5fecaf9cd"
	if got != want {
		t.Errorf("fullVersion = %q, want %q", got, want)
	}
	// What cmd/go's toolID requires of the line.
	f := strings.Fields(got)
	if len(f) < 3 || f[1] != "version" || !strings.Contains(f[2], "devel") || !strings.HasPrefix(f[len(f)-1], "buildID=") {
		t.Errorf("the go command cannot parse %q", got)
	}
}
