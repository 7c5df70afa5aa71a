package ignoredirective

// Known returns the analyzer names a directive may use.
func Known() []string { return known }
