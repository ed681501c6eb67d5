package photo

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/storage"
)

// result is what the background work learned about a photo.
type result struct {
	exif          Exif
	flags         []string
	distance      *float64
	offset        *int64
	thumbs        bool
	width, height int
	note          string
}

// saveResult writes the work's result under the inspection's and the
// photo's locks (lock order), if the photo still waits for it.
func (s *Service) saveResult(ctx context.Context, j job, r result) error {
	flags, err := json.Marshal(r.flags)
	if err != nil {
		return fmt.Errorf("photo flags: %w", err)
	}
	var w, h *int
	if r.thumbs {
		w, h = &r.width, &r.height
	}
	return s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		if err := lockInspection(tx.DB, j.InspectionID); err != nil {
			return err
		}
		var keys struct{ JurisdictionID, OwnerID, InspectorID uuid.UUID }
		res := tx.DB.Raw(`UPDATE photos SET exif_found = ?, exif_taken_at = ?, exif_lat = ?, exif_lon = ?, flags = ?::jsonb,
			distance_m = ?, time_offset_s = ?, width = ?, height = ?, thumbnails = ?, thumb_state = 'done',
			thumb_lease_until = NULL, thumb_error = ?, version = version + 1, updated_at = now()
			WHERE id = ? AND thumb_state = 'pending' AND deleted_at IS NULL RETURNING jurisdiction_id, owner_id, inspector_id`,
			r.exif.Found, r.exif.TakenAt, r.exif.Lat, r.exif.Lon, string(flags), r.distance, r.offset, w, h, r.thumbs,
			r.note, j.ID).Scan(&keys)
		if res.Error != nil {
			return fmt.Errorf("save photo work of %s: %w", j.ID, res.Error)
		}
		if res.RowsAffected > 0 {
			tx.Changed(EntityPhoto, j.ID, storage.ScopeKeys(keys.JurisdictionID, keys.OwnerID, keys.InspectorID)...)
		}
		return nil
	})
}

// Quarantine takes a blob whose stored bytes no longer match their hash
// out of use: the blob is marked quarantined (never linked again, never
// collected), every photo on it becomes quarantined (so its inspection's
// evidence is incomplete), and every admin gets an in-app alert. The
// object is kept for the investigation.
func (s *Service) Quarantine(ctx context.Context, sha, reason string) error {
	s.log.Error("photo blob quarantined: stored bytes do not match their hash", "sha256", sha, "reason", reason)
	err := s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		err := tx.DB.Exec(`UPDATE blobs SET state = 'quarantined' WHERE sha256 = ?`, sha).Error
		if err != nil {
			return fmt.Errorf("quarantine blob %s: %w", shortHash(sha), err)
		}
		return alertAdmins(tx, sha, reason)
	})
	if err != nil {
		return err
	}
	var photos []struct{ ID, InspectionID uuid.UUID }
	if err := s.db.Gorm.WithContext(ctx).
		Raw(`SELECT id, inspection_id FROM photos WHERE blob_sha256 = ? AND state = 'verified'`,
			sha).
		Scan(&photos).
		Error; err != nil {
		return fmt.Errorf("find photos of blob %s: %w", shortHash(sha), err)
	}
	for _, p := range photos {
		if err := s.quarantinePhoto(ctx, p.ID, p.InspectionID, sha, reason); err != nil {
			return err
		}
	}
	return nil
}

// quarantinePhoto marks one photo, in its own transaction (lock order:
// its inspection, then the photo).
func (s *Service) quarantinePhoto(ctx context.Context, id, inspectionID uuid.UUID, sha, reason string) error {
	return s.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		if err := lockInspection(tx.DB, inspectionID); err != nil {
			return err
		}
		var keys struct{ JurisdictionID, OwnerID, InspectorID uuid.UUID }
		res := tx.DB.Raw(`UPDATE photos SET state = 'quarantined', thumb_state = 'done', thumb_lease_until = NULL,
			thumb_error = ?, version = version + 1, updated_at = now() WHERE id = ? AND state = 'verified'
			RETURNING jurisdiction_id, owner_id, inspector_id`, reason, id).Scan(&keys)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		tx.Changed(EntityPhoto, id, storage.ScopeKeys(keys.JurisdictionID, keys.OwnerID, keys.InspectorID)...)
		if err := tx.Audit(
			"photo.quarantine",
			EntityPhoto,
			id,
			nil,
			map[string]string{"sha256": sha, "reason": reason},
		); err != nil {
			return err
		}
		return RefreshEvidence(tx, inspectionID)
	})
}

// alertAdmins writes one in-app notification per active admin, deduped
// per blob, in the quarantine's transaction.
func alertAdmins(tx *storage.Tx, sha, reason string) error {
	payload, err := json.Marshal(map[string]string{"sha256": sha, "reason": reason})
	if err != nil {
		return fmt.Errorf("quarantine alert: %w", err)
	}
	err = tx.DB.Exec(`INSERT INTO notifications (id, channel, dedupe_key, recipient_type, recipient_id, user_id, template,
			locale, subject, body, payload, state)
		SELECT gen_random_uuid(), 'in_app', 'photo-quarantine:' || ? || ':' || u.id, 'user', u.id, u.id, 'photo_quarantined',
			u.preferred_language, 'Photo evidence quarantined',
			'Stored photo bytes no longer match their SHA-256 (' || ? || '). The photos using them are quarantined.',
			?::jsonb, 'delivered'
		FROM users u WHERE u.role = 'admin' AND u.disabled_at IS NULL AND u.deleted_at IS NULL
		ON CONFLICT (channel, dedupe_key) DO NOTHING`, sha, sha, string(payload)).Error
	if err != nil {
		return fmt.Errorf("alert admins of quarantined blob %s: %w", shortHash(sha), err)
	}
	return nil
}
