package storage

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// LegalNumber is the number a document the law prints carries (a detention
// or release order, a penalty notice, a receipt), given its number in its
// series (serial) as issued from its counter row in db's transaction:
// serial as is while the database serves the epoch its numbering began in,
// serial followed by "/" and the epoch's tag (8 hex digits) after a
// restore, a point-in-time recovery, a failover or `tindal sync
// new-epoch`. A restore gives back the counters as the backup had them, so
// the serials a lost history printed are issued again; the tag keeps each
// number distinct from every one printed before the restore
// (docs/OPERATIONS.md "Backup and restore", migration 00051).
func LegalNumber(ctx context.Context, db *gorm.DB, serial string) (string, error) {
	var tag string
	if err := db.WithContext(ctx).Raw(numberTagSQL).Scan(&tag).Error; err != nil {
		return "", fmt.Errorf("legal number %s: read the epoch: %w", serial, err)
	}
	if tag == "" {
		return serial, nil
	}
	return serial + "/" + tag, nil
}

// numberTagSQL is the tag of the epoch served now, "" when it is the one
// the numbering began in (a NULL one tags, so a doubt never reissues).
const numberTagSQL = `SELECT CASE WHEN s.numbering_epoch = e.epoch THEN '' ELSE upper(left(e.epoch, 8)) END
	FROM sync_epoch s, tindal_epoch() AS e(epoch) WHERE s.id`
