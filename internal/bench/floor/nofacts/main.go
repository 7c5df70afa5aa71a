// Command nofacts is the benchmark's export-data floor: the fact floor
// without its fact type, so dependencies load from export data (see package
// floor).
package main

import (
	"github.com/retrylint/retrylint/internal/bench/floor"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() { multichecker.Main(floor.NoFacts) }
