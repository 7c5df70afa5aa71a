// Command facts is the benchmark's fact floor: a checker whose one analyzer
// requires inspect, declares a fact type and does nothing (see package floor).
package main

import (
	"github.com/retrylint/retrylint/internal/bench/floor"
	"golang.org/x/tools/go/analysis/multichecker"
)

func main() { multichecker.Main(floor.Facts) }
