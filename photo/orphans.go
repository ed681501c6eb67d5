package photo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"

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
	if err := o.collect(ctx, batch, cutoff, out); err != nil {
		return err
	}
	if err := o.sweepStaged(ctx, cutoff, out); err != nil {
		return err
	}
	return o.sweepThumbs(ctx, cutoff, out)
}

// sweepThumbs deletes the thumbnails written before cutoff whose hash no
// blobs row names: a blob's collection deletes its thumbnails with it, so
// these belong to photos a restore forgot (whose bytes lie under staging/).
func (o *Orphans) sweepThumbs(ctx context.Context, cutoff time.Time, out *OrphansSwept) error {
	batch := map[string]blob.Info{}
	flush := func() error {
		keys, shas := make([]string, 0, len(batch)), make([]string, 0, len(batch))
		for key := range batch {
			keys, shas = append(keys, key), append(shas, shaOfThumbKey(key))
		}
		orphans, err := o.unreferenced(ctx, `SELECT k FROM unnest($1::text[], $2::text[]) AS t(k, sha)
			WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.sha256 = t.sha)`, keys, shas)
		if err != nil {
			return err
		}
		out.Held += len(batch) - len(orphans)
		for _, key := range orphans {
			deleted, err := o.delete(ctx, batch[key], cutoff)
			if err != nil {
				return err
			}
			if deleted {
				out.Deleted++
			}
		}
		clear(batch)
		return nil
	}
	err := o.store.List(ctx, "thumbs/", func(in blob.Info) error {
		out.Listed++
		if shaOfThumbKey(in.Key) == "" {
			return nil
		}
		if !in.Modified.Before(cutoff) {
			out.Young++
			return nil
		}
		batch[in.Key] = in
		if len(batch) < orphanBatch {
			return nil
		}
		return flush()
	})
	if err != nil {
		return storeErr("list objects", err)
	}
	return flush()
}

// shaOfThumbKey is the hash a thumbnail's key (ThumbKey) names, or "".
func shaOfThumbKey(key string) string {
	for _, px := range []int{ThumbSmall, ThumbLarge} {
		rest, _ := strings.CutPrefix(key, "thumbs/")
		if len(rest) > 3 {
			sha, _, _ := strings.Cut(rest[3:], "-")
			if blob.ValidSHA256(sha) == nil && ThumbKey(sha, px) == key {
				return sha
			}
		}
	}
	return ""
}

// sweepStaged deletes the objects under staging/ that were written before
// cutoff, that no blobs row names as its object (a verified photo's bytes
// stay at the key its upload wrote) and whose photo has no photo_uploads
// row (an upload's own staged objects are the staged sweeps' to remove,
// SweepStaged and EndUploads). A restore forgets the rows of the photos
// uploaded after its backup; their objects are these.
func (o *Orphans) sweepStaged(ctx context.Context, cutoff time.Time, out *OrphansSwept) error {
	batch := map[string]blob.Info{}
	err := o.store.List(ctx, "staging/", func(in blob.Info) error {
		out.Listed++
		if _, ok := photoOfStagedKey(in.Key); !ok {
			return nil
		}
		if !in.Modified.Before(cutoff) {
			out.Young++
			return nil
		}
		batch[in.Key] = in
		if len(batch) < orphanBatch {
			return nil
		}
		err := o.collectStaged(ctx, batch, cutoff, out)
		clear(batch)
		return err
	})
	if err != nil {
		return storeErr("list objects", err)
	}
	return o.collectStaged(ctx, batch, cutoff, out)
}

// collectStaged deletes the staged objects of batch that no row holds.
func (o *Orphans) collectStaged(
	ctx context.Context,
	batch map[string]blob.Info,
	cutoff time.Time,
	out *OrphansSwept,
) error {
	if len(batch) == 0 {
		return nil
	}
	keys := make([]string, 0, len(batch))
	ids := make([]string, 0, len(batch))
	for key := range batch {
		id, _ := photoOfStagedKey(key)
		keys, ids = append(keys, key), append(ids, id.String())
	}
	orphans, err := o.unreferenced(ctx, `SELECT k FROM unnest($1::text[], $2::uuid[]) AS t(k, id)
		WHERE NOT EXISTS (SELECT 1 FROM blobs b WHERE b.object_key = t.k)
			AND NOT EXISTS (SELECT 1 FROM photo_uploads u WHERE u.photo_id = t.id)`, keys, ids)
	if err != nil {
		return err
	}
	out.Held += len(batch) - len(orphans)
	for _, key := range orphans {
		deleted, err := o.delete(ctx, batch[key], cutoff)
		if err != nil {
			return err
		}
		if deleted {
			out.Deleted++
		}
	}
	return nil
}

// unreferenced runs a query answering the listed names no row references.
func (o *Orphans) unreferenced(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := o.db.Pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("find unreferenced objects: %w", err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		names = append(names, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("find unreferenced objects: %w", err)
	}
	return names, nil
}

// photoOfStagedKey is the photo whose upload wrote a staged key (stagedKeys).
func photoOfStagedKey(key string) (uuid.UUID, bool) {
	rest, ok := strings.CutPrefix(key, "staging/")
	if !ok {
		return uuid.Nil, false
	}
	rest = strings.TrimSuffix(strings.TrimSuffix(rest, ".single"), ".put")
	id, err := uuid.Parse(rest)
	return id, err == nil && slices.Contains(stagedKeys(id), key)
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
	orphans, err := o.unreferenced(ctx, `SELECT s FROM unnest($1::text[]) s
		WHERE NOT EXISTS (SELECT 1 FROM photos p WHERE p.sha256 = s)
			AND NOT EXISTS (SELECT 1 FROM photo_uploads u WHERE u.sha256 = s)
			AND NOT EXISTS (SELECT 1 FROM blobs b WHERE b.sha256 = s)`, shas)
	if err != nil {
		return err
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
	keys := []string{listed.Key}
	if sha, ok := shaOfContentKey(listed.Key); ok {
		keys = append(keys, ThumbKey(sha, ThumbSmall), ThumbKey(sha, ThumbLarge))
	}
	for _, key := range keys {
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
