// Package sync is Tindal's offline sync engine (docs/SYNC.md, the protocol
// as app developers see it), with two sides:
//
//   - push (Engine: push*.go, apply*.go, mutation*.go, backlog*.go,
//     conflict.go, clock.go): exactly-once application of the intents
//     devices send, ordering per aggregate, the backlog of deferred
//     mutations and its drain, time correction, and the conflicts and
//     quarantine that keep every piece of work;
//   - pull (PullEngine: pull*.go, cursor.go, scope*.go, snapshot.go,
//     verify.go): pages of the change log, snapshots and removals served to
//     devices under signed cursors, deciding at read time what each change
//     means for the caller.
//
// Both sides share the epoch (epoch*.go) that moves positions and versions
// past a restored database's. The package imports the standard library's
// sync as stdsync.
package sync
