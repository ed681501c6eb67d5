package sync

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/testkit"
)

// A cursor signed before epochs existed carries none: it is taken as of
// the current epoch (so an upgrade does not make every phone resync) and
// the next cursor carries it; a cursor naming another epoch is refused
// (docs/SYNC.md §6.10).
func TestACursorWithoutAnEpochIsTakenAsOfTheCurrentOne(t *testing.T) {
	ctx := context.Background()
	db := testkit.NewDB(t)
	key := []byte("epoch internal test key, 32 bytes or more")
	e, err := NewPullEngine(db, key, PullOptions{})
	if err != nil {
		t.Fatal(err)
	}
	v := Viewer{UserID: uuid.New(), Role: models.RoleAdmin, Access: func(string) models.Access { return models.AccessAll }}
	pull := func(cursor string) (*PullPage, error) {
		return e.Pull(ctx, v, PullRequest{Cursor: cursor, Limit: MaxPullLimit})
	}
	page, err := pull("")
	if err != nil {
		t.Fatal(err)
	}
	for page.HasMore {
		if page, err = pull(page.Cursor); err != nil {
			t.Fatal(err)
		}
	}
	c, err := decodeCursor(key, page.Cursor, v.UserID)
	if err != nil || len(c.E) != 16 {
		t.Fatalf("the last cursor: %+v, %v; want one naming the epoch", c, err)
	}
	epoch := c.E
	c.E = ""
	legacy, err := encodeCursor(key, c)
	if err != nil {
		t.Fatal(err)
	}
	next, err := pull(legacy)
	if err != nil {
		t.Fatalf("a cursor without an epoch: %v", err)
	}
	if c, err := decodeCursor(key, next.Cursor, v.UserID); err != nil || c.E != epoch {
		t.Fatalf("the cursor after one without an epoch names %q (%v), want %q", c.E, err, epoch)
	}
	c.E = "0123456789abcdef"
	other, err := encodeCursor(key, c)
	if err != nil {
		t.Fatal(err)
	}
	var changed *EpochChangedError
	if _, err := pull(other); !errors.As(err, &changed) || changed.Epoch != epoch {
		t.Fatalf("a cursor of another epoch: %v, want EpochChangedError naming %s", err, epoch)
	}
}
