package photo

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
)

// stagedSettle is how long after its last change an upload is settled: no
// complete of it can still be running (its lease, leaseTTL, lapsed long
// ago), so no staged object of it can appear after a sweep.
const stagedSettle = time.Hour

// SweepStaged removes the staged objects of uploads that are over, and
// returns how many uploads it swept: an upload verified (all but the key
// that became its blob's object, if one did: deleteStaged) or rejected (which includes every upload
// of a discarded photo, once EndUploads ended it), and an upload still
// open for a photo that needs no upload any more (verified through
// another's bytes, rejected or quarantined). finish removes these objects
// after the verdict commits; this sweep is the net under a store that
// could not be reached then, or a complete whose lease lapsed after it
// staged its bytes. Uploads in progress (open or verifying, for a photo
// that still needs them) are never touched. An upload is marked clean
// once settled (stagedSettle before now); until then every run sweeps it
// again, deletes of missing objects being harmless.
func (s *Service) SweepStaged(ctx context.Context, now time.Time) (int, error) {
	settled := now.Add(-stagedSettle).UTC()
	var after stagedRow
	swept := 0
	for {
		rows, err := s.unclean(ctx, after)
		if err != nil {
			return swept, err
		}
		for _, r := range rows {
			if err := s.sweepOne(ctx, r, settled); err != nil {
				return swept, err
			}
			swept++
		}
		if len(rows) < chunk {
			return swept, nil
		}
		after = rows[len(rows)-1]
	}
}

// stagedRow is an upload to sweep, and the cursor of the sweep.
type stagedRow struct {
	PhotoID   uuid.UUID
	UpdatedAt time.Time
}

// unclean lists the next chunk of finished uploads not yet swept clean,
// after the cursor (updated_at, photo_id).
func (s *Service) unclean(ctx context.Context, after stagedRow) ([]stagedRow, error) {
	var rows []stagedRow
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT u.photo_id, u.updated_at FROM photo_uploads u
		LEFT JOIN photos p ON p.id = u.photo_id
		WHERE NOT u.staged_clean AND (u.updated_at, u.photo_id) > (?, ?)
			AND (u.state IN ('verified', 'rejected')
				OR (u.state = 'open' AND p.state IN ('verified', 'rejected', 'quarantined')))
		ORDER BY u.updated_at, u.photo_id LIMIT ?`, after.UpdatedAt, after.PhotoID, chunk).Scan(&rows).Error
	if err != nil {
		return nil, fmt.Errorf("find finished uploads to sweep: %w", err)
	}
	return rows, nil
}

// sweepOne deletes an upload's staged objects, then marks it clean if it
// has settled and has not changed since it was read.
func (s *Service) sweepOne(ctx context.Context, r stagedRow, settled time.Time) error {
	if err := s.deleteStaged(ctx, r.PhotoID, `updated_at = ?`, r.UpdatedAt); err != nil {
		return err
	}
	if !r.UpdatedAt.Before(settled) {
		return nil
	}
	err := s.db.Gorm.WithContext(ctx).Exec(`UPDATE photo_uploads SET staged_clean = true
		WHERE photo_id = ? AND updated_at = ?`, r.PhotoID, r.UpdatedAt).Error
	if err != nil {
		return fmt.Errorf("mark staged objects of %s removed: %w", r.PhotoID, err)
	}
	return nil
}

// deleteStaged deletes the objects photo id's upload may have staged,
// except the one that is a blob's object: a verified photo's bytes stay
// where its upload put them (docs/PHOTOS.md §7), and the sweeps that call
// this must never take them. Nothing is deleted unless the upload's row
// still matches cond (read again here, just before the deletes), so an
// upload planned and verified anew since the caller listed it keeps its
// bytes.
func (s *Service) deleteStaged(ctx context.Context, id uuid.UUID, cond string, args ...any) error {
	keys := stagedKeys(id)
	var still bool
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT EXISTS (SELECT 1 FROM photo_uploads WHERE photo_id = ? AND `+cond+`)`,
		append([]any{id}, args...)...).Scan(&still).Error
	if err != nil {
		return fmt.Errorf("read upload of %s: %w", id, err)
	}
	if !still {
		return nil
	}
	var homes []string
	if err := s.db.Gorm.WithContext(ctx).Raw(`SELECT object_key FROM blobs WHERE object_key IN ?`, keys).
		Scan(&homes).Error; err != nil {
		return fmt.Errorf("find blobs staged by %s: %w", id, err)
	}
	for _, key := range keys {
		if slices.Contains(homes, key) {
			continue
		}
		if err := s.store.Delete(ctx, key); err != nil {
			return storeErr("delete staged photo", err)
		}
	}
	return nil
}
