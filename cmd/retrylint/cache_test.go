package main

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestCacheEntries: an entry with findings serves a run that needs only
// facts, not the other way round; a key that was never put finds nothing.
func TestCacheEntries(t *testing.T) {
	t.Setenv("RETRYLINT_CACHE", t.TempDir())
	c := openCache()
	if c == nil {
		t.Fatal("no cache")
	}
	full, factsOnly, unknown := cacheKey{1}, cacheKey{2}, cacheKey{3}
	c.put(full, true, &cacheEntry{Diags: map[string][]jsonDiagnostic{"a": {{Posn: "f.go:1:1", Message: "found"}}}})
	c.put(factsOnly, false, &cacheEntry{Sizes: map[string]int{"f.go": 7}})
	for _, tc := range []struct {
		key      cacheKey
		needFull bool
		found    bool
	}{
		{full, true, true},
		{full, false, true},
		{factsOnly, false, true},
		{factsOnly, true, false},
		{unknown, false, false},
	} {
		e := c.get(tc.key, tc.needFull)
		if (e != nil) != tc.found {
			t.Errorf("get(%x, full=%t) = %v, want found=%t", tc.key[:1], tc.needFull, e, tc.found)
		}
	}
	if e := c.get(full, true); e == nil || e.Diags["a"][0].Message != "found" {
		t.Errorf("the entry with findings reads back as %+v", e)
	}
	if e := c.get(factsOnly, false); e == nil || e.Sizes["f.go"] != 7 {
		t.Errorf("the entry with facts reads back as %+v", e)
	}
}

// TestCacheTrim: opening the cache removes the entries unused for longer
// than cacheMaxUnused, at most once per cacheTrimInterval; RETRYLINT_CACHE=off
// turns the cache off.
func TestCacheTrim(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("RETRYLINT_CACHE", dir)
	c := openCache()
	old, recent := cacheKey{1}, cacheKey{2}
	c.put(old, true, &cacheEntry{})
	c.put(recent, true, &cacheEntry{})
	long := time.Now().Add(-cacheMaxUnused - time.Hour)
	if err := os.Chtimes(c.file(old, true), long, long); err != nil {
		t.Fatal(err)
	}

	openCache() // trimmed less than cacheTrimInterval ago: nothing removed
	if c.get(old, true) == nil {
		t.Fatal("an entry was removed although the cache was trimmed a moment ago")
	}
	if err := os.Chtimes(c.file(old, true), long, long); err != nil { // get touched it
		t.Fatal(err)
	}
	stamp := filepath.Join(dir, "trim.txt")
	day := time.Now().Add(-cacheTrimInterval - time.Hour)
	if err := os.Chtimes(stamp, day, day); err != nil {
		t.Fatal(err)
	}
	openCache()
	if c.get(old, true) != nil || c.get(recent, true) == nil {
		t.Errorf("after the trim: old entry kept %t, recent entry kept %t; want false, true",
			c.get(old, true) != nil, c.get(recent, true) != nil)
	}

	t.Setenv("RETRYLINT_CACHE", "off")
	if openCache() != nil {
		t.Error("RETRYLINT_CACHE=off opened a cache")
	}
}
