package plugin

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// apply sets a's flags from settings.
// It walks a.Flags rather than a table of its own, so every flag an analyzer
// defines is a setting, under the same name, with no change here.
func apply(a *analysis.Analyzer, settings map[string]any) error {
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
		if err := set(a, f, value); err != nil {
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

func set(a *analysis.Analyzer, f *flag.Flag, value string) error {
	if err := f.Value.Set(value); err != nil {
		return fmt.Errorf("setting %s.%s: invalid value %q: %v", a.Name, f.Name, value, err)
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
