// Package scale writes a year of a state's history (WriteHistory:
// 1,000,000 penalties, offences, findings and answers, 100,000 photos, a
// year of change log) with set-based SQL, for the test that proves the
// indexes at that scale and for load-generator runs on a grown database
// (bench/history, docs/SCALING.md §6). Its test runs the real push, pull,
// review queue, notices and jobs against the history with auto_explain
// reporting the plan of every statement they execute (nested ones in
// triggers and functions included), and fails on any sequential scan of a
// table that grew with the history.
//
//	make test-scale    (TINDAL_SCALE=1 go test -count=1 -timeout 30m ./scale)
package scale
