// Package plugin registers retrylint's analyzers as golangci-lint v2 module
// plugins (github.com/golangci/plugin-module-register).
//
// A custom golangci-lint that imports this package (see the README and
// golangci/cmd) knows one plugin per analyzer, under the analyzer's own name
// (zerotimeout, nojitter, nestedretry, unkeyedpost, retrydeadline, ignoredirective), and one
// plugin named retrylint that runs them all. golangci-lint attributes a
// diagnostic to the plugin that runs its analyzer, so per-analyzer plugins are
// what make `linters.enable: [nojitter]` and `//nolint:nojitter` work one
// analyzer at a time; the retrylint plugin is the short way to enable all, and
// its diagnostics answer to `//nolint:retrylint`.
//
// Settings are the analyzers' flags, with the same names, meanings and
// defaults, so that one configuration reads the same under retrylint, go vet,
// nogo and golangci-lint:
//
//	# plugin retrylint: one map per analyzer
//	settings: {zerotimeout: {timeout: 10s}}
//	# plugin zerotimeout: that analyzer's flags directly
//	settings: {timeout: 10s}
//
// A list may be written as a YAML list; its items are joined with commas, the
// way the flag takes them. An unknown analyzer or setting is an error that
// names it.
//
// Each analyzer belongs to one configured plugin: configuring the retrylint
// plugin and a per-analyzer plugin for the same analyzer is an error. Both
// would run it, golangci-lint would report its findings under only one of the
// two names (so a //nolint naming the other would not match), and the
// analyzer's flags are process-wide (an analysis.Analyzer is a package
// variable, and golangci-lint builds the analyzers once per run), so two
// plugins' settings for it could not both hold.
package plugin

import (
	"fmt"
	"strings"
	"sync"

	"github.com/golangci/plugin-module-register/register"
	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
)

// AllName is the name of the plugin that runs every analyzer.
const AllName = "retrylint"

func init() {
	register.Plugin(AllName, newAll)
	for _, a := range analyzers.All() {
		register.Plugin(a.Name, newOne(a))
	}
}

// linter is a configured plugin: the analyzers it runs.
type linter []*analysis.Analyzer

func (l linter) BuildAnalyzers() ([]*analysis.Analyzer, error) { return l, nil }

// GetLoadMode asks for type information: every analyzer recognises APIs by
// their types.Object.
func (linter) GetLoadMode() string { return register.LoadModeTypesInfo }

// newAll configures the retrylint plugin, whose settings hold one map of
// flags per analyzer.
func newAll(conf any) (register.LinterPlugin, error) {
	all := analyzers.All()
	byName := make(map[string]*analysis.Analyzer, len(all))
	for _, a := range all {
		byName[a.Name] = a
	}
	settings, err := register.DecodeSettings[map[string]any](conf)
	if err != nil {
		return nil, err
	}
	for _, name := range sortedKeys(settings) {
		a, ok := byName[name]
		if !ok {
			return nil, fmt.Errorf("unknown setting %q: the retrylint plugin takes one map per analyzer (%s)",
				name, strings.Join(sortedKeys(byName), ", "))
		}
		flags, ok := settings[name].(map[string]any)
		if !ok && settings[name] != nil {
			return nil, fmt.Errorf("setting %q: want a map of %s's settings, not %v", name, name, settings[name])
		}
		if err := apply(a, flags); err != nil {
			return nil, err
		}
	}
	if err := claim(AllName, all); err != nil {
		return nil, err
	}
	return linter(all), nil
}

// newOne returns the constructor of the plugin named after a, whose settings
// are a's flags.
func newOne(a *analysis.Analyzer) register.NewPlugin {
	return func(conf any) (register.LinterPlugin, error) {
		settings, err := register.DecodeSettings[map[string]any](conf)
		if err != nil {
			return nil, err
		}
		if err := apply(a, settings); err != nil {
			return nil, err
		}
		if err := claim(a.Name, []*analysis.Analyzer{a}); err != nil {
			return nil, err
		}
		return linter{a}, nil
	}
}

// owners records which configured plugin runs each analyzer.
var owners = struct {
	sync.Mutex
	by map[*analysis.Analyzer]string
}{by: make(map[*analysis.Analyzer]string)}

// claim records that plugin runs as, or fails if another plugin already does.
func claim(plugin string, as []*analysis.Analyzer) error {
	owners.Lock()
	defer owners.Unlock()
	for _, a := range as {
		if owner, ok := owners.by[a]; ok && owner != plugin {
			return fmt.Errorf("plugins %s and %s both run analyzer %s: configure either the %s plugin or per-analyzer plugins, not both",
				owner, plugin, a.Name, AllName)
		}
	}
	for _, a := range as {
		owners.by[a] = plugin
	}
	return nil
}
