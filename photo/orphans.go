package photo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// OrphanGrace is how old an object no row references must be before the
// orphan sweep deletes it, by default (docs/PHOTOS.md "Orphaned objects").
const OrphanGrace = 7 * 24 * time.Hour

// orphanBatch is how many listed objects one reference check reads.
const orphanBatch = 1000

// Orphans deletes the content-addressed objects no row of the database
// references: photos uploaded after the backup a database was restored
// from, whose mutations never came back (docs/PHOTOS.md "Orphaned
// objects"). The blobs rows' own collection (CollectGarbage) cannot see
// them: their rows were lost with the rest.
type Orphans struct {
	db      *storage.DB
	store   blob.Store
	log     *slog.Logger
	grace   time.Duration
	deleted prometheus.Counter
	sweeps  *prometheus.CounterVec
}

// OrphanOptions tune the sweep.
type OrphanOptions struct {
	// Grace is how old an unreferenced object must be (0: OrphanGrace).
	Grace time.Duration
	// Logger receives one line per deletion and per sweep.
	Logger *slog.Logger
	// Metrics, when set, exports tindal_photo_orphans_deleted_total and
	// tindal_photo_orphan_sweeps_total{outcome}.
	Metrics prometheus.Registerer
}

// NewOrphans builds the sweep over db and store.
func NewOrphans(db *storage.DB, store blob.Store, opts OrphanOptions) *Orphans {
	o := &Orphans{db: db, store: store, log: opts.Logger, grace: opts.Grace,
		deleted: prometheus.NewCounter(prometheus.CounterOpts{Name: "tindal_photo_orphans_deleted_total",
			Help: "Photo objects (with their thumbnails) deleted because no row referenced them (docs/PHOTOS.md)"}),
		sweeps: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tindal_photo_orphan_sweeps_total",
			Help: "Orphaned-photo sweeps by outcome (ok, failed: retried at the next run)"}, []string{"outcome"}),
	}
	if o.grace <= 0 {
		o.grace = OrphanGrace
	}
	if o.log == nil {
		o.log = slog.New(slog.DiscardHandler)
	}
	if opts.Metrics != nil {
		opts.Metrics.MustRegister(o.deleted, o.sweeps)
	}
	return o
}

// OrphansSwept counts what one sweep did.
type OrphansSwept struct {
	Listed  int `json:"listed"`
	Young   int `json:"young"`
	Held    int `json:"held"`
	Deleted int `json:"deleted"`
}

// Sweep lists every content-addressed object and deletes, with its
// thumbnails, each one that was last written before now minus the grace
// and whose hash no photos, photo_uploads (the upload spool hangs off
// them) or blobs row names. For the grace period after the sync epoch's
// numbers were last advanced (a restore: sync/epoch_advance.go) it deletes
// nothing, so phones have that long to resend their photo.attach. A store
// that fails ends the sweep with its error (ErrUnavailable when it is
// down): the job's run fails and the next run starts again; what was
// deleted stays deleted, and nothing else is touched.
func (o *Orphans) Sweep(ctx context.Context, now time.Time) (OrphansSwept, error) {
	var out OrphansSwept
	err := o.sweep(ctx, now, &out)
	outcome := "ok"
	if err != nil {
		outcome = "failed"
		o.log.Warn("orphaned photo sweep failed; the next run tries again", "err", err, "deleted", out.Deleted)
	} else {
		o.log.Info("orphaned photo sweep", "listed", out.Listed, "young", out.Young, "held", out.Held,
			"deleted", out.Deleted)
	}
	o.sweeps.WithLabelValues(outcome).Inc()
	return out, err
}

func (o *Orphans) sweep(ctx context.Context, now time.Time, out *OrphansSwept) error {
	cutoff := now.Add(-o.grace)
	var advanced *time.Time
	if err := o.db.Pool.QueryRow(ctx, `SELECT advanced_at FROM sync_epoch WHERE id`).Scan(&advanced); err != nil {
		return fmt.Errorf("read the sync epoch: %w", err)
	}
	if advanced != nil && advanced.After(cutoff) {
		return nil // a restore within the grace: phones may still resend
	}
	batch := map[string]blob.Info{}
	err := o.store.List(ctx, "sha256/", func(in blob.Info) error {
		out.Listed++
		sha, ok := shaOfContentKey(in.Key)
		if !ok {
			return nil
		}
		if !in.Modified.Before(cutoff) {
			out.Young++
			return nil
		}
		batch[sha] = in
		if len(batch) < orphanBatch {
			return nil
		}
		err := o.collect(ctx, batch, cutoff, out)
		clear(batch)
		return err
	})
	if err != nil {
		return storeErr("list objects", err)
	}
	return o.collect(ctx, batch, cutoff, out)
}

// collect deletes the objects of batch whose hash no row names.
func (o *Orphans) collect(ctx context.Context, batch map[string]blob.Info, cutoff time.Time, out *OrphansSwept) error {
	if len(batch) == 0 {
		return nil
	}
	shas := make([]string, 0, len(batch))
	for sha := range batch {
		shas = append(shas, sha)
	}
	rows, err := o.db.Pool.Query(ctx, `SELECT s FROM unnest($1::text[]) s
		WHERE NOT EXISTS (SELECT 1 FROM photos p WHERE p.sha256 = s)
			AND NOT EXISTS (SELECT 1 FROM photo_uploads u WHERE u.sha256 = s)
			AND NOT EXISTS (SELECT 1 FROM blobs b WHERE b.sha256 = s)`, shas)
	if err != nil {
		return fmt.Errorf("find unreferenced objects: %w", err)
	}
	var orphans []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return err
		}
		orphans = append(orphans, s)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("find unreferenced objects: %w", err)
	}
	out.Held += len(batch) - len(orphans)
	for _, sha := range orphans {
		deleted, err := o.delete(ctx, batch[sha], cutoff)
		if err != nil {
			return err
		}
		if deleted {
			out.Deleted++
		}
	}
	return nil
}

// delete removes an orphan and its thumbnails, unless it was written again
// since it was listed (an upload verified meanwhile copies its bytes there
// anew before its row commits): the object must still be older than
// cutoff when it is deleted.
func (o *Orphans) delete(ctx context.Context, listed blob.Info, cutoff time.Time) (bool, error) {
	now, err := o.store.Stat(ctx, listed.Key)
	if errors.Is(err, blob.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	if !now.Modified.Before(cutoff) {
		return false, nil
	}
	sha, _ := shaOfContentKey(listed.Key)
	for _, key := range []string{ThumbKey(sha, ThumbSmall), ThumbKey(sha, ThumbLarge), listed.Key} {
		if err := o.store.Delete(ctx, key); err != nil && !errors.Is(err, blob.ErrNotFound) {
			return false, err
		}
	}
	o.deleted.Inc()
	o.log.Info("orphaned photo object deleted: no row references it", "key", listed.Key, "size", listed.Size,
		"written", listed.Modified)
	return true, nil
}

// shaOfContentKey is the hash a content key (blob.ContentKey) names.
func shaOfContentKey(key string) (string, bool) {
	rest, ok := strings.CutPrefix(key, "sha256/")
	if !ok {
		return "", false
	}
	_, sha, ok := strings.Cut(rest, "/")
	if !ok || blob.ValidSHA256(sha) != nil || blob.ContentKey(sha) != key {
		return "", false
	}
	return sha, true
}
