package ignoredirective

// Known returns the analyzer names a directive may use.
func Known() []string { return known }

// Problems returns what is wrong with d.
var Problems = problems
