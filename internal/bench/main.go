// Command bench measures retrylint beside the cost of loading the code it
// checks, so that "the analyzers are cheap" is a number anyone can
// reproduce:
//
//	go run ./internal/bench [-n 5] [-quick] [-test=true] [inputs...]
//
// For each input it runs, alternating (one run of each per round, so that
// machine noise hits every configuration alike):
//
//   - retrylint: the retrylint binary with all analyzers, standalone;
//   - floor: a checker from the same golang.org/x/tools whose one analyzer
//     requires inspect, declares a fact type and does nothing
//     (internal/bench/floor/facts). A fact type makes the driver load and
//     type-check every dependency from source, so this is the least any
//     fact-using linter costs;
//   - floor-nofacts: the same without the fact type (dependencies from export
//     data), to show what facts cost;
//   - vet and vet-retrylint: `go vet` with its default analyzers and
//     `go vet -vettool=retrylint`, each with a cold and a warm vet cache.
//
// What "cold vet cache" means here: every input's packages, dependencies and
// test variants are compiled once into a template GOCACHE (`go list -export
// -deps -test`), as a CI job has them after `go build` or a restored build
// cache. A cold run gets a fresh copy of that template: nothing is compiled,
// but no vet result is cached, so go vet runs the tool on every package of the
// dependency graph, standard library included (for facts; go vet always does
// this). That is what CI pays on the first vet after a change to go.mod or to
// the tool: the tool's identity is part of every vet cache key, so a new
// retrylint binary makes the whole cache cold. A warm run reuses a cache in
// which the same command has already run: only packages whose vet run reported
// something run again (go vet does not cache a run that exits non-zero).
//
// The standalone checkers keep no result cache: cold and warm are the same for
// them, and they use the warm GOCACHE (for go list and export data).
//
// Figures: median wall time; median CPU time (user+sys of the child and its
// waited-for descendants, from the wait4 rusage); median peak RSS (ru_maxrss:
// for go vet this is the largest single process of the tree, the go command
// or one vet process, not the sum). Ratios are against the fact floor, and for
// vet-retrylint against vet's default suite with the same cache state.
//
// Inputs: "e2e" (the sample module testdata/e2e), "reallibs" (the real-SDK
// module testdata/reallibs), or "std:PATTERN[,PATTERN...]" (standard library
// packages, e.g. std:net/http,encoding/json). Default: e2e reallibs
// std:net/http,encoding/json. -quick is e2e with 3 rounds, for CI.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

var (
	rounds = flag.Int("n", 5, "rounds: runs of each configuration per input")
	quick  = flag.Bool("quick", false, "CI mode: only the e2e sample module, 3 rounds")
	tests  = flag.Bool("test", true, "include test packages (go vet does by default)")
	keep   = flag.Bool("keep", false, "keep the work directory (binaries and caches) and print its path")
	novet  = flag.Bool("novet", false, "skip the go vet configurations")
)

func main() {
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: go run ./internal/bench [flags] [e2e|reallibs|std:PATTERN,...]...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	if *quick {
		if len(args) == 0 {
			args = []string{"e2e"}
		}
		if !isSet("n") {
			*rounds = 3
		}
	}
	if !*tests && !*novet {
		// go vet always checks test files: only -test=true compares alike.
		fmt.Fprintln(os.Stderr, "bench: -test=false needs -novet (go vet always checks test files)")
		os.Exit(2)
	}
	if len(args) == 0 {
		args = []string{"e2e", "reallibs", "std:net/http,encoding/json"}
	}
	if err := run(args); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func isSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// An input is a set of packages and the directory the tools run in.
type input struct {
	name     string
	dir      string
	patterns []string
}

func parseInput(root, arg string) (input, error) {
	switch {
	case arg == "e2e" || arg == "reallibs":
		return input{arg, filepath.Join(root, "testdata", arg), []string{"./..."}}, nil
	case strings.HasPrefix(arg, "std:"):
		pats := strings.Split(strings.TrimPrefix(arg, "std:"), ",")
		// Run from the module root: std patterns resolve anywhere.
		return input{arg, root, pats}, nil
	}
	return input{}, fmt.Errorf("unknown input %q (want e2e, reallibs or std:PATTERN,...)", arg)
}

// A config is one way of checking an input.
type config struct {
	name string
	// argv builds the command line; bin holds the built binaries.
	argv func(bin map[string]string, in input) []string
	// cache is "warm" or "cold" (a fresh copy of the compiled template).
	cache string
	// okCodes are the exit statuses that mean "ran to the end".
	okCodes []int
}

func configs() []config {
	standalone := func(tool string) func(map[string]string, input) []string {
		return func(bin map[string]string, in input) []string {
			return append([]string{bin[tool], fmt.Sprintf("-test=%t", *tests)}, in.patterns...)
		}
	}
	vet := func(tool string) func(map[string]string, input) []string {
		return func(bin map[string]string, in input) []string {
			argv := []string{"go", "vet"}
			if tool != "" {
				argv = append(argv, "-vettool="+bin[tool])
			}
			return append(argv, in.patterns...)
		}
	}
	// Standalone checkers exit 3 when they report; go vet exits 1.
	cs := []config{
		{"retrylint", standalone("retrylint"), "warm", []int{0, 3}},
		{"floor", standalone("floor"), "warm", []int{0, 3}},
		{"floor-nofacts", standalone("nofacts"), "warm", []int{0, 3}},
	}
	if !*novet {
		cs = append(cs,
			config{"vet cold", vet(""), "cold", []int{0, 1}},
			config{"vet-retrylint cold", vet("retrylint"), "cold", []int{0, 1}},
			config{"vet warm", vet(""), "warm", []int{0, 1}},
			config{"vet-retrylint warm", vet("retrylint"), "warm", []int{0, 1}},
		)
	}
	return cs
}

// A sample is one measured run.
type sample struct {
	wall, cpu time.Duration
	rssKB     int64
}

func run(args []string) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	var inputs []input
	for _, a := range args {
		in, err := parseInput(root, a)
		if err != nil {
			return err
		}
		inputs = append(inputs, in)
	}
	work, err := os.MkdirTemp("", "retrylint-bench-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Println("work directory:", work)
	} else {
		defer os.RemoveAll(work)
	}

	bin := map[string]string{
		"retrylint": filepath.Join(work, "bin", "retrylint"),
		"floor":     filepath.Join(work, "bin", "floor"),
		"nofacts":   filepath.Join(work, "bin", "floor-nofacts"),
	}
	for name, pkg := range map[string]string{
		"retrylint": "./cmd/retrylint",
		"floor":     "./internal/bench/floor/facts",
		"nofacts":   "./internal/bench/floor/nofacts",
	} {
		if out, err := command(root, nil, "go", "build", "-o", bin[name], pkg).CombinedOutput(); err != nil {
			return fmt.Errorf("building %s: %v\n%s", pkg, err, out)
		}
	}

	// The template: everything compiled, no vet result.
	template := filepath.Join(work, "gocache-compiled")
	for _, in := range inputs {
		argv := append([]string{"go", "list", "-e", "-export", "-deps", fmt.Sprintf("-test=%t", *tests)}, in.patterns...)
		cmd := command(in.dir, []string{"GOCACHE=" + template}, argv...)
		cmd.Stdout = nil
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("compiling %s into the template cache: %v\n%s", in.name, err, tail(out))
		}
	}
	warm := filepath.Join(work, "gocache-warm")
	if err := linkTree(template, warm); err != nil {
		return err
	}

	printMachine()
	fmt.Printf("rounds: %d, test packages: %t\n\n", *rounds, *tests)
	cs := configs()
	for _, in := range inputs {
		// One untimed run of each warm configuration fills the warm cache.
		for _, c := range cs {
			if c.cache == "warm" {
				if _, err := measure(c, bin, in, warm); err != nil {
					return err
				}
			}
		}
		samples := make([][]sample, len(cs))
		for r := 0; r < *rounds; r++ {
			for i, c := range cs {
				cache := warm
				if c.cache == "cold" {
					cache = filepath.Join(work, fmt.Sprintf("gocache-cold-%d", r))
					os.RemoveAll(cache)
					if err := linkTree(template, cache); err != nil {
						return err
					}
				}
				s, err := measure(c, bin, in, cache)
				if err != nil {
					return err
				}
				if c.cache == "cold" {
					os.RemoveAll(cache)
				}
				samples[i] = append(samples[i], s)
			}
		}
		report(in, cs, samples)
		printLoad()
	}
	return nil
}

// measure runs one configuration once and checks that it ran to the end.
func measure(c config, bin map[string]string, in input, gocache string) (sample, error) {
	argv := c.argv(bin, in)
	cmd := command(in.dir, []string{"GOCACHE=" + gocache}, argv...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		return sample{}, fmt.Errorf("%s on %s: %v", c.name, in.name, err)
	}
	code := cmd.ProcessState.ExitCode()
	text := out.String()
	if !slices.Contains(c.okCodes, code) || strings.Contains(text, "panic:") || strings.Contains(text, "internal error") {
		return sample{}, fmt.Errorf("%s on %s: exit status %d (%s)\n%s", c.name, in.name, code, strings.Join(argv, " "), tail(out.Bytes()))
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return sample{
		wall:  wall,
		cpu:   cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(),
		rssKB: ru.Maxrss, // kilobytes on Linux
	}, nil
}

func report(in input, cs []config, samples [][]sample) {
	med := make([]sample, len(cs))
	for i, ss := range samples {
		med[i] = median(ss)
	}
	index := func(name string) int { return slices.IndexFunc(cs, func(c config) bool { return c.name == name }) }
	floor := med[index("floor")]
	fmt.Printf("### %s (%s in %s)\n\n", in.name, strings.Join(in.patterns, " "), in.dir)
	fmt.Println("| configuration | wall | CPU | peak RSS | wall / floor | CPU / floor | RSS / floor | vs default vet (wall, CPU) |")
	fmt.Println("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for i, c := range cs {
		m := med[i]
		vs := ""
		if strings.HasPrefix(c.name, "vet-retrylint") {
			d := med[index(strings.Replace(c.name, "vet-retrylint", "vet", 1))]
			vs = fmt.Sprintf("%.2f, %.2f", ratio(m.wall, d.wall), ratio(m.cpu, d.cpu))
		}
		fmt.Printf("| %s | %s | %s | %d MB | %.2f | %.2f | %.2f | %s |\n", c.name,
			m.wall.Round(10*time.Millisecond), m.cpu.Round(10*time.Millisecond), m.rssKB/1024,
			ratio(m.wall, floor.wall), ratio(m.cpu, floor.cpu), float64(m.rssKB)/float64(floor.rssKB), vs)
	}
	fmt.Println()
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

// median takes the median of each figure separately.
func median(ss []sample) sample {
	pick := func(f func(sample) int64) int64 {
		vs := make([]int64, len(ss))
		for i, s := range ss {
			vs[i] = f(s)
		}
		slices.Sort(vs)
		if len(vs)%2 == 1 {
			return vs[len(vs)/2]
		}
		return (vs[len(vs)/2-1] + vs[len(vs)/2]) / 2
	}
	return sample{
		wall:  time.Duration(pick(func(s sample) int64 { return int64(s.wall) })),
		cpu:   time.Duration(pick(func(s sample) int64 { return int64(s.cpu) })),
		rssKB: pick(func(s sample) int64 { return s.rssKB }),
	}
}

func command(dir string, env []string, argv ...string) *exec.Cmd {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-buildvcs=false")
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", err
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("run the benchmark inside the retrylint module")
	}
	return filepath.Dir(gomod), nil
}

// linkTree makes dst a copy of the build cache src whose entries are hard
// links (the go command never rewrites a cache entry in place; it writes a new
// file and renames it), and whose top-level files are real copies.
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if filepath.Dir(rel) != "." {
			return os.Link(p, target)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

func printMachine() {
	model := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if name, ok := strings.CutPrefix(line, "model name"); ok {
				model = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
				break
			}
		}
	}
	goVersion, _ := exec.Command("go", "env", "GOVERSION").Output()
	fmt.Printf("machine: %s/%s, %d CPUs (%s), %s\n", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), model, strings.TrimSpace(string(goVersion)))
	printLoad()
}

// printLoad prints the load average: above the number of CPUs, other work
// competes for them and wall times stretch (CPU times much less).
func printLoad() {
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		fields := strings.Fields(string(data))
		if len(fields) >= 3 {
			fmt.Printf("load average: %s %s %s\n", fields[0], fields[1], fields[2])
		}
	}
}

func tail(b []byte) string {
	const max = 4000
	if len(b) > max {
		return "..." + string(b[len(b)-max:])
	}
	return string(b)
}
