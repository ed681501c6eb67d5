package photo

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/storage"
)

// Evidence is the state of an inspection's photos: "5/6 verified".
type Evidence struct {
	Total    int `json:"total"`
	Verified int `json:"verified"`
}

// String is the reviewer's summary, e.g. "5/6 verified".
func (e Evidence) String() string { return fmt.Sprintf("%d/%d verified", e.Verified, e.Total) }

// Complete reports whether every photo is verified (true when there are none).
func (e Evidence) Complete() bool { return e.Verified == e.Total }

// EvidenceCounts counts the live photos of an inspection and the verified
// ones. The same numbers are kept on inspections.evidence_total and
// evidence_verified by RefreshEvidence, for lists and sync.
func EvidenceCounts(ctx context.Context, db *gorm.DB, inspectionID uuid.UUID) (Evidence, error) {
	var e Evidence
	err := db.WithContext(ctx).Raw(`SELECT count(*) AS total, count(*) FILTER (WHERE state = 'verified') AS verified
		FROM photos WHERE inspection_id = ? AND deleted_at IS NULL`, inspectionID).Scan(&e).Error
	if err != nil {
		return e, fmt.Errorf("count evidence of inspection %s: %w", inspectionID, err)
	}
	return e, nil
}

// RefreshEvidence recomputes inspections.evidence_total and
// evidence_verified from the photos and, when they changed, bumps the
// inspection's version and logs the change. The caller holds the
// inspection's lock. The inspect package calls it after photo.attach and
// after a photo is discarded; this package after every verification.
func RefreshEvidence(tx *storage.Tx, inspectionID uuid.UUID) error {
	e, err := EvidenceCounts(context.Background(), tx.DB, inspectionID)
	if err != nil {
		return err
	}
	var keys struct {
		JurisdictionID, OwnerID, InspectorID uuid.UUID
	}
	res := tx.DB.Raw(`UPDATE inspections SET evidence_total = ?, evidence_verified = ?, version = version + 1,
		updated_at = now() WHERE id = ? AND (evidence_total <> ? OR evidence_verified <> ?)
		RETURNING jurisdiction_id, owner_id, inspector_id`,
		e.Total, e.Verified, inspectionID, e.Total, e.Verified).Scan(&keys)
	if res.Error != nil {
		return fmt.Errorf("update evidence of inspection %s: %w", inspectionID, res.Error)
	}
	if res.RowsAffected > 0 {
		tx.Changed("inspection", inspectionID, storage.ScopeKeys(keys.JurisdictionID, keys.OwnerID, keys.InspectorID)...)
	}
	return nil
}
