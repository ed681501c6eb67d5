// Package scale holds no code of its own: its test proves the indexes at
// a state's scale (docs/SCALING.md). It writes a year of history for a
// state (1,000,000 penalties, offences, findings and answers, 100,000
// photos, a year of change log) with set-based SQL, runs the real push,
// pull, review queue, notices and jobs against it with auto_explain
// reporting the plan of every statement they execute (nested ones in
// triggers and functions included), and fails on any sequential scan of a
// table that grew with the history.
//
//	make test-scale    (TINDAL_SCALE=1 go test -count=1 -timeout 30m ./scale)
package scale
