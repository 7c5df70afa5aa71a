package zerotimeout

// DurationExpr is durationExpr, for the external test.
var DurationExpr = durationExpr
