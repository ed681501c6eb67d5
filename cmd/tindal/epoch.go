package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/tindal/tindal/sync"
)

// cmdSync is `tindal sync epoch|new-epoch` (docs/OPERATIONS.md, "Backup
// and restore"). A restore changes the epoch by itself; new-epoch is for a
// loss of history it cannot see (rows put back by hand, a restore into the
// same tables without pg_restore), and makes every phone resend what it
// kept and resync. The log goes to stderr, so that stdout is the epoch
// alone for a script.
func cmdSync(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) != 1 || (args[0] != "epoch" && args[0] != "new-epoch") {
		return errors.New("usage: tindal sync epoch|new-epoch")
	}
	a, err := open(ctx, getenv, stderr, false)
	if err != nil {
		return err
	}
	defer a.close()
	if args[0] == "epoch" {
		e, err := sync.Epoch(ctx, a.db.Pool)
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, e)
		return nil
	}
	old, err := sync.Epoch(ctx, a.db.Pool)
	if err != nil {
		return err
	}
	adv, err := sync.NewEpoch(ctx, a.db)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "sync epoch %s replaced by %s: every phone resends what it kept, then resyncs; "+
		"positions and versions start at %d (%d rows moved in %s)\n",
		old, adv.Epoch, adv.Floor, adv.Rows, adv.Took.Round(time.Millisecond))
	return nil
}
