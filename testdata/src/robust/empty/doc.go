// Package empty has no declarations at all.
package empty
