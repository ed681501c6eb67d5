package sync

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
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

// Devices lists devices by id after the cursor id (uuid.Nil for the first
// page), with their backlog, for the admins' view. One statement.
func (e *Engine) Devices(ctx context.Context, f DeviceFilter, after uuid.UUID, limit int) ([]DeviceStatus, error) {
	rows, err := e.db.Pool.Query(ctx, `
		SELECT d.id, d.user_id, u.email, d.installation_id, d.name, d.app_version, d.registered_at, d.last_seen_at,
		       d.last_push_at, d.last_pull_at, d.last_push_seq, d.clock_skew_ms, d.revoked_at,
		       count(b.mutation_id), min(b.first_seen),
		       (SELECT count(*) FROM quarantine q WHERE q.device_id = d.id AND q.state = 'pending')
		FROM devices d JOIN users u ON u.id = d.user_id
		LEFT JOIN mutation_backlog b ON b.device_id = d.id
		WHERE d.id > $1 AND ($2::uuid IS NULL OR d.user_id = $2)
		GROUP BY d.id, u.email
		HAVING $3::timestamptz IS NULL OR coalesce(d.last_push_at, d.registered_at) < $3 OR min(b.first_seen) < $3
		ORDER BY d.id LIMIT $4`, after, f.UserID, f.StaleSince, limit)
	if err != nil {
		return nil, fmt.Errorf("list devices: %w", err)
	}
	defer rows.Close()
	var out []DeviceStatus
	for rows.Next() {
		var d DeviceStatus
		if err := rows.Scan(
			&d.ID,
			&d.UserID,
			&d.UserEmail,
			&d.InstallationID,
			&d.Name,
			&d.AppVersion,
			&d.RegisteredAt,
			&d.LastSeenAt,
			&d.LastPushAt,
			&d.LastPullAt,
			&d.LastPushSeq,
			&d.ClockSkewMs,
			&d.RevokedAt,
			&d.Waiting,
			&d.OldestWaiting,
			&d.Quarantined,
		); err != nil {
			return nil, fmt.Errorf("read device: %w", err)
		}
		out = append(out, d)
	}
	return out, rows.Err()
}
