package sync

import (
	"context"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/storage"
)

// DeviceStatus is what an admin needs to see of one device's sync health
// (the console's "Devices" page): when it last pushed and pulled, the app it runs,
// its clock skew, and how long its oldest unapplied mutation has waited.
type DeviceStatus struct {
	ID             uuid.UUID  `json:"id"`
	UserID         uuid.UUID  `json:"user_id"`
	UserEmail      string     `json:"user_email"`
	InstallationID string     `json:"installation_id"`
	Name           string     `json:"name"`
	AppVersion     string     `json:"app_version"`
	RegisteredAt   time.Time  `json:"registered_at"`
	LastSeenAt     *time.Time `json:"last_seen_at,omitempty"`
	LastPushAt     *time.Time `json:"last_push_at,omitempty"`
	LastPullAt     *time.Time `json:"last_pull_at,omitempty"`
	LastPushSeq    *int64     `json:"last_push_seq,omitempty"`
	ClockSkewMs    *int64     `json:"clock_skew_ms,omitempty"`
	RevokedAt      *time.Time `json:"revoked_at,omitempty"`
	Waiting        int64      `json:"waiting_mutations"`
	OldestWaiting  *time.Time `json:"oldest_waiting_since,omitempty"`
	// Quarantined counts the device's mutations waiting in quarantine for
	// a supervisor's decision.
	Quarantined int64 `json:"quarantined_mutations"`
}

// DeviceFilter narrows the device list.
type DeviceFilter struct {
	UserID *uuid.UUID
	// StaleSince keeps devices that have not pushed since then, or have
	// mutations waiting since before then.
	StaleSince *time.Time
}

// devicePager pages devices by id, as every list pages (storage.Pager).
var devicePager = storage.Pager[DeviceStatus]{ID: "d.id",
	Key:   func(d DeviceStatus) storage.PageKey { return storage.PageKey{ID: d.ID} },
	Fetch: func(q *gorm.DB, rows *[]DeviceStatus) error { return q.Scan(rows).Error },
}

// Devices lists devices by id, the page after cursor, with their backlog,
// for the admins' view, and the next page's cursor. One statement.
// Errors: invalid (cursor).
func (e *Engine) Devices(
	ctx context.Context,
	f DeviceFilter,
	cursor string,
	limit int,
) ([]DeviceStatus, string, error) {
	q := e.db.Gorm.WithContext(ctx).Table("devices d").
		Select(`d.id, d.user_id, u.email AS user_email, d.installation_id, d.name, d.app_version, d.registered_at,
		d.last_seen_at, d.last_push_at, d.last_pull_at, d.last_push_seq, d.clock_skew_ms, d.revoked_at,
		count(b.mutation_id) AS waiting, min(b.first_seen) AS oldest_waiting,
		(SELECT count(*) FROM quarantine q WHERE q.device_id = d.id AND q.state = 'pending') AS quarantined`).
		Joins("JOIN users u ON u.id = d.user_id").
		Joins("LEFT JOIN mutation_backlog b ON b.device_id = d.id").
		Group("d.id, u.email")
	if f.UserID != nil {
		q = q.Where("d.user_id = ?", *f.UserID)
	}
	if f.StaleSince != nil {
		q = q.Having("coalesce(d.last_push_at, d.registered_at) < ? OR min(b.first_seen) < ?", *f.StaleSince, *f.StaleSince)
	}
	rows, next, err := devicePager.Page(q, cursor, limit)
	if err != nil {
		return nil, "", err
	}
	return rows, next, nil
}
