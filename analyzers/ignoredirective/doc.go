// Package ignoredirective defines an Analyzer that keeps retrylint's
// suppression comments honest.
//
// A //retrylint:ignore directive silences the analyzers it names on its own
// line and the line below (see analyzers/internal/report, which applies it in
// every analyzer). A suppression nobody can justify, or one that names an
// analyzer that does not exist (a typo silences nothing), hides a problem
// without saying so; this analyzer reports both. It is an analyzer of its own,
// rather than a rule inside each of the others, so that exactly one diagnostic
// is reported per bad directive, including a directive that names only
// unknown analyzers, under every driver: retrylint, go vet, go fix, nogo and
// golangci-lint (where it is also its own plugin, ignoredirective).
//
// It reads only the comments of the package's files, so it costs next to
// nothing.
//
// # Analyzer ignoredirective
//
// ignoredirective: report //retrylint:ignore directives that give no reason or name an unknown analyzer
//
// A directive
//
//	//retrylint:ignore <analyzer>[,<analyzer>] <reason>
//
// silences the named retrylint analyzers on its own line and on the line below.
// It must name at least one analyzer, only analyzers that exist, with the names
// joined by commas and no spaces, and it must say why the finding does not apply.
// A directive that breaks these rules is reported (it still silences the
// analyzers it names correctly), so that every suppression can be reviewed.
//
// See https://github.com/retrylint/retrylint/blob/main/docs/ignoredirective.md.
package ignoredirective
