module example.com/e2e

go 1.25.0

replace github.com/retrylint/retrylint => ../..
