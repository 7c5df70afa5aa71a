// Package sample is the bundled example retrylint is run on in the README.
package sample
