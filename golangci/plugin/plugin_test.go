package plugin

import (
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/golangci/plugin-module-register/register"
	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
)

// fake is an analyzer with one flag of each kind the settings must carry.
func fake(t *testing.T) (*analysis.Analyzer, *time.Duration, *string, *bool, *int) {
	t.Helper()
	a := &analysis.Analyzer{Name: "fake", Doc: "fake", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	timeout := a.Flags.Duration("timeout", time.Second, "a duration")
	clients := a.Flags.String("clients", "", "a comma-separated list")
	strict := a.Flags.Bool("strict", false, "a boolean")
	attempts := a.Flags.Int("attempts", 3, "a number")
	return a, timeout, clients, strict, attempts
}

// resetOwners forgets which plugins were configured, now and after the test,
// as a new golangci-lint process would.
func resetOwners(t *testing.T) {
	reset := func() {
		owners.Lock()
		clear(owners.by)
		owners.Unlock()
	}
	reset()
	t.Cleanup(reset)
}

func TestApply(t *testing.T) {
	a, timeout, clients, strict, attempts := fake(t)
	settings := decode(t, map[string]any{
		"timeout":  "10s",
		"clients":  []any{"example.com/a.Client", "example.com/b.Client"},
		"strict":   true,
		"attempts": 5,
	})
	if err := apply(a, settings); err != nil {
		t.Fatal(err)
	}
	if *timeout != 10*time.Second || *clients != "example.com/a.Client,example.com/b.Client" || !*strict || *attempts != 5 {
		t.Errorf("got timeout=%v clients=%q strict=%v attempts=%d", *timeout, *clients, *strict, *attempts)
	}
}

// decode passes settings through the JSON round trip golangci-lint's
// configuration takes.
func decode(t *testing.T, settings map[string]any) map[string]any {
	t.Helper()
	decoded, err := register.DecodeSettings[map[string]any](settings)
	if err != nil {
		t.Fatal(err)
	}
	return decoded
}

func TestApplyErrors(t *testing.T) {
	for _, tc := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"bogus": 1}, `unknown setting "bogus" for analyzer fake (its settings are attempts, clients, strict, timeout)`},
		{map[string]any{"timeout": "soon"}, `setting fake.timeout: invalid value "soon"`},
		{map[string]any{"timeout": 10}, `setting fake.timeout: invalid value "10"`},
		{map[string]any{"clients": []any{"a,b"}}, `setting fake.clients: list item "a,b" cannot be one item`},
		{map[string]any{"clients": map[string]any{"a": 1}}, `setting fake.clients: want a string, number, boolean or list`},
	} {
		a, _, _, _, _ := fake(t)
		err := apply(a, decode(t, tc.settings))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("apply(%v) = %v, want an error containing %q", tc.settings, err, tc.want)
		}
	}
}

// TestOneOwner proves that an analyzer runs under one configured plugin only.
func TestOneOwner(t *testing.T) {
	resetOwners(t)
	build(t, AllName, nil)
	build(t, AllName, nil) // the same plugin again is fine
	newPlugin, _ := register.GetPlugin("nojitter")
	_, err := newPlugin(nil)
	if err == nil || !strings.Contains(err.Error(), "plugins retrylint and nojitter both run analyzer nojitter: configure either the retrylint plugin or per-analyzer plugins, not both") {
		t.Errorf("got %v", err)
	}
}

// TestPlugins proves every plugin is registered, runs the analyzers it is
// named after with type information, and takes every flag of its analyzers
// as a setting: each is set to its own default, through both the per-analyzer
// plugin and the retrylint plugin.
func TestPlugins(t *testing.T) {
	resetOwners(t)
	all := analyzers.All()
	perAnalyzer := map[string]any{}
	for _, a := range all {
		settings := map[string]any{}
		a.Flags.VisitAll(func(f *flag.Flag) { settings[f.Name] = f.DefValue })
		perAnalyzer[a.Name] = settings
		got := build(t, a.Name, settings)
		if len(got) != 1 || got[0] != a {
			t.Errorf("plugin %s runs %v, want only its analyzer", a.Name, got)
		}
	}
	resetOwners(t)
	got := build(t, AllName, perAnalyzer)
	if len(got) != len(all) {
		t.Errorf("plugin %s runs %d analyzers, want %d", AllName, len(got), len(all))
	}
	for i := range got {
		if got[i] != all[i] {
			t.Errorf("plugin %s runs %s at %d, want %s", AllName, got[i].Name, i, all[i].Name)
		}
	}
	if got := build(t, AllName, nil); len(got) != len(all) {
		t.Errorf("plugin %s without settings runs %d analyzers, want %d", AllName, len(got), len(all))
	}
}

func build(t *testing.T, name string, conf any) []*analysis.Analyzer {
	t.Helper()
	newPlugin, err := register.GetPlugin(name)
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(conf)
	if err != nil {
		t.Fatalf("plugin %s: %v", name, err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("plugin %s: load mode %q, want %q", name, p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("plugin %s: %v", name, err)
	}
	return as
}

func TestAllPluginErrors(t *testing.T) {
	resetOwners(t)
	for _, tc := range []struct {
		conf any
		want string
	}{
		{map[string]any{"zerotimout": map[string]any{}}, `unknown setting "zerotimout": the retrylint plugin takes one map per analyzer (`},
		{map[string]any{"zerotimeout": "10s"}, `setting "zerotimeout": want a map of zerotimeout's settings`},
		{map[string]any{"zerotimeout": map[string]any{"bogus": 1}}, `unknown setting "bogus" for analyzer zerotimeout`},
	} {
		newPlugin, _ := register.GetPlugin(AllName)
		_, err := newPlugin(tc.conf)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("settings %v: got %v, want an error containing %q", tc.conf, err, tc.want)
		}
	}
}
