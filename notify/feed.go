package notify

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// Feed is the in-app feed: the in_app rows of the outbox addressed to a
// user, or to the owner account the user belongs to.
type Feed struct{ DB *storage.DB }

// Entry is one feed item.
type Entry struct {
	ID        uuid.UUID
	Template  string
	Locale    string
	Subject   string
	Body      string
	Payload   []byte `gorm:"type:jsonb"`
	CreatedAt time.Time
	ReadAt    *time.Time
}

// Viewer is who reads the feed.
type Viewer struct {
	UserID  uuid.UUID
	OwnerID *uuid.UUID
}

// mine restricts a query to the viewer's entries.
func (v Viewer) mine(q *gorm.DB) *gorm.DB {
	q = q.Table("notifications").Where("channel = 'in_app'")
	if v.OwnerID != nil {
		return q.Where(
			"((recipient_type = 'user' AND user_id = ?) OR (recipient_type = 'owner' AND owner_id = ?))",
			v.UserID,
			*v.OwnerID,
		)
	}
	return q.Where("recipient_type = 'user' AND user_id = ?", v.UserID)
}

// List returns the viewer's entries, newest first (ids are UUIDv7, so id
// order is creation order), after the cursor, at most limit.
func (f *Feed) List(ctx context.Context, v Viewer, unreadOnly bool, cursor string, limit int) ([]Entry, string, error) {
	q := v.mine(f.DB.Gorm.WithContext(ctx))
	if unreadOnly {
		q = q.Where("read_at IS NULL")
	}
	return feedPager.Page(q.Select("id, template, locale, subject, body, payload, created_at, read_at"), cursor, limit)
}

// feedPager pages the feed newest first.
var feedPager = storage.Pager[Entry]{
	ID:   "id",
	Desc: true,
	Key:  func(e Entry) storage.PageKey { return storage.PageKey{ID: e.ID} },
}

// MarkRead marks an entry read (idempotent: the first read time stays).
// KindNotFound if it is not the viewer's.
func (f *Feed) MarkRead(ctx context.Context, v Viewer, id uuid.UUID, now time.Time) (Entry, error) {
	db := f.DB.Gorm.WithContext(ctx)
	res := v.mine(db).Where("id = ? AND read_at IS NULL", id).Update("read_at", now.UTC())
	if res.Error != nil {
		return Entry{}, fmt.Errorf("mark read: %w", res.Error)
	}
	var e Entry
	err := v.mine(db).
		Select("id, template, locale, subject, body, payload, created_at, read_at").
		Where("id = ?", id).
		Take(&e).
		Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return e, models.NotFound("notification")
	}
	return e, err
}
