package plugin

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// apply sets a's flags from settings, on behalf of the plugin named plugin.
// It walks a.Flags rather than a table of its own, so every flag an analyzer
// defines is a setting, under the same name, with no change here.
func apply(plugin string, a *analysis.Analyzer, settings map[string]any) error {
	for _, key := range sortedKeys(settings) {
		f := a.Flags.Lookup(key)
		if f == nil {
			var names []string
			a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
			known := "it has no settings"
			if len(names) > 0 {
				known = "its settings are " + strings.Join(names, ", ")
			}
			return fmt.Errorf("unknown setting %q for analyzer %s (%s)", key, a.Name, known)
		}
		value, err := flagValue(settings[key])
		if err != nil {
			return fmt.Errorf("setting %s.%s: %v", a.Name, key, err)
		}
		if err := set(plugin, a, f, value); err != nil {
			return err
		}
	}
	return nil
}

// flagValue renders a decoded YAML/JSON value as the flag's command-line text.
func flagValue(v any) (string, error) {
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case float64:
		return strconv.FormatFloat(v, 'f', -1, 64), nil
	case []any:
		items := make([]string, len(v))
		for i, item := range v {
			s, err := flagValue(item)
			if err != nil {
				return "", err
			}
			if _, nested := item.([]any); nested || strings.Contains(s, ",") {
				return "", fmt.Errorf("list item %q cannot be one item of a comma-separated flag", s)
			}
			items[i] = s
		}
		return strings.Join(items, ","), nil
	default:
		return "", fmt.Errorf("want a string, number, boolean or list, not %v", v)
	}
}

// assigned records, per flag, the value a plugin gave it, so that two plugins
// cannot silently give one process-wide flag two values.
var assigned = struct {
	sync.Mutex
	by map[*flag.Flag]assignment
}{by: make(map[*flag.Flag]assignment)}

type assignment struct{ plugin, value string }

func set(plugin string, a *analysis.Analyzer, f *flag.Flag, value string) error {
	assigned.Lock()
	defer assigned.Unlock()
	prev, ok := assigned.by[f]
	if ok && prev.plugin != plugin && prev.value != value {
		return fmt.Errorf("setting %s.%s is %q in plugin %s and %q in plugin %s: analyzer flags are shared by every plugin that runs %s, so give it once",
			a.Name, f.Name, prev.value, prev.plugin, value, plugin, a.Name)
	}
	if err := f.Value.Set(value); err != nil {
		return fmt.Errorf("setting %s.%s: invalid value %q: %v", a.Name, f.Name, value, err)
	}
	if !ok || prev.plugin == plugin {
		assigned.by[f] = assignment{plugin, value}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
