// Package suppress exercises the //retrylint:ignore filter of
// analyzers/internal/report with a test analyzer named demo that reports
// every call to println.
package suppress

func calls() {
	println("reported") // want `println call`

	//retrylint:ignore demo the line above silences the line below
	println("silenced")

	println("silenced") //retrylint:ignore demo on its own line

	//retrylint:ignore nojitter,demo one of several names
	println("silenced")

	//retrylint:ignore nojitter another analyzer's name does not silence demo
	println("reported") // want `println call`

	//retrylint:ignore demo only the next line

	println("reported") // want `println call`

	//retrylint:ignore demo
	println("silenced, though ignoredirective reports the missing reason")

	//retrylint:ignore demos a longer name is another analyzer
	println("reported") // want `println call`
}
