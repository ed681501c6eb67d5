package photo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	stdsync "sync"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// Limits from docs/PHOTOS.md.
const (
	// MaxSize is the largest photo accepted (a clear 413 beyond it).
	MaxSize = 25 << 20
	// SingleMax is the largest photo uploaded with one presigned PUT;
	// larger ones use a multipart plan.
	SingleMax = 5 << 20
	// PartSize is the size of every multipart part but the last.
	PartSize = 5 << 20
	// MaxPerInspection is how many photos one inspection may hold.
	MaxPerInspection = 200
	// MaxFullReads bounds how many staged objects are read and hashed at once.
	MaxFullReads = 4
	// ThumbSmall and ThumbLarge are the thumbnail sizes (long edge, px).
	ThumbSmall = 320
	ThumbLarge = 1280
)

// Photo states (photos.state, created by 00002).
const (
	StatePending     = "pending_upload"
	StateVerified    = "verified"
	StateRejected    = "rejected"
	StateQuarantined = "quarantined"
)

// EntityPhoto is the change-log entity type of photos (as in package inspect).
const EntityPhoto = "photo"

// leaseTTL bounds how long a complete may hold a photo's upload for
// verification; a crashed replica's lease lapses after it.
const leaseTTL = 5 * time.Minute

// Service runs the photo path. It holds no state beyond its dependencies,
// a bound on concurrent full reads, and a short cache of the store's health.
type Service struct {
	db    *storage.DB
	store blob.Store
	log   *slog.Logger
	now   func() time.Time
	reads chan struct{}
	wake  chan struct{}
	ttl   time.Duration

	mu        stdsync.Mutex
	healthyAt time.Time
}

// Options tune a Service; zero values take the defaults.
type Options struct {
	Logger *slog.Logger
	Clock  func() time.Time
	// UploadTTL is how long upload URLs may be started (blob.UploadTTL).
	UploadTTL time.Duration
}

// New builds the photo service over db and store.
func New(db *storage.DB, store blob.Store, opts Options) *Service {
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.UploadTTL <= 0 {
		opts.UploadTTL = blob.UploadTTL
	}
	return &Service{db: db, store: store, log: opts.Logger, now: opts.Clock, ttl: opts.UploadTTL,
		reads: make(chan struct{}, MaxFullReads), wake: make(chan struct{}, 1)}
}

// Store returns the blob store the service uses.
func (s *Service) Store() blob.Store { return s.store }

// ThumbKey is the key of a blob's thumbnail of px pixels (long edge),
// built from the hash alone like ContentKey.
func ThumbKey(sha256Hex string, px int) string {
	return fmt.Sprintf("thumbs/%s/%s-%d.jpg", sha256Hex[:2], sha256Hex, px)
}

// stagingKey is where a multipart upload of photo id is assembled.
func stagingKey(id uuid.UUID) string { return blob.StagingKey(id.String()) }

// singleKey is where the presigned single PUT of photo id lands. Never the
// shared content key: an object there proves only that someone, some time,
// uploaded those bytes; an object at this photo's own key proves that this
// photo's upload wrote them (its URL is signed for this key alone).
func singleKey(id uuid.UUID) string { return blob.StagingKey(id.String() + ".single") }

// stagedKeys are every key an upload of photo id may have written.
func stagedKeys(id uuid.UUID) []string {
	return []string{singleKey(id), stagingKey(id), fallbackKey(id)}
}

// fallbackKey is where the streamed fallback upload of photo id is staged;
// apart from the multipart key so the two paths never share an object.
func fallbackKey(id uuid.UUID) string { return blob.StagingKey(id.String() + ".put") }

// partCount is how many PartSize parts a photo of size bytes needs.
func partCount(size int64) int { return int((size + PartSize - 1) / PartSize) }

// retryAfterStore is the Retry-After (seconds) sent while the store is down.
const retryAfterStore = 30

// storeErr turns a blob store error into the error vocabulary: an
// unreachable store is 503 with Retry-After; anything else is internal.
func storeErr(op string, err error) error {
	if errors.Is(err, blob.ErrUnavailable) || errors.Is(err, context.DeadlineExceeded) {
		return &models.Error{Kind: models.KindUnavailable, Code: "object_store_unavailable",
			Message: "the photo store cannot be reached; try again later", RetryAfter: retryAfterStore,
			Err: fmt.Errorf("%s: %w", op, err)}
	}
	return fmt.Errorf("%s: %w", op, err)
}

// ready checks the store before a photo operation, so an unreachable store
// answers 503 at once instead of handing out URLs that cannot work. A
// success is trusted for two seconds. A store serving with drives offline
// (blob.ErrDegraded) serves photos: reads and writes have their quorum.
func (s *Service) ready(ctx context.Context) error {
	s.mu.Lock()
	fresh := s.now().Sub(s.healthyAt) < 2*time.Second
	s.mu.Unlock()
	if fresh {
		return nil
	}
	hctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	if err := s.store.Health(hctx); err != nil && !errors.Is(err, blob.ErrDegraded) {
		if !errors.Is(err, blob.ErrUnavailable) {
			err = fmt.Errorf("%w: %w", blob.ErrUnavailable, err) // a missing bucket is an outage too
		}
		return storeErr("health", err)
	}
	s.markHealthy()
	return nil
}

// markHealthy records that the store just answered, sparing the next
// operation a health probe.
func (s *Service) markHealthy() {
	s.mu.Lock()
	s.healthyAt = s.now()
	s.mu.Unlock()
}

// Errors the photo path answers with, besides rejections (see Rejection).
var (
	errAttachFirst = models.Errorf(models.KindNotFound, "attach_first",
		"no photo with this id was attached: push the photo's attach change first, then ask for an upload plan")
	errNotFound    = models.NotFound("photo")
	errQuarantined = models.Errorf(models.KindConflict, "photo_quarantined",
		"this photo's stored bytes no longer match its hash; an administrator has been alerted")
)

func errInProgress() error {
	return &models.Error{Kind: models.KindConflict, Code: "verification_in_progress",
		Message: "this photo's upload is being verified; ask again shortly", RetryAfter: 2}
}

func errBlobDeleting() error {
	return &models.Error{Kind: models.KindConflict, Code: "blob_being_deleted",
		Message: "a stored copy of these bytes is being removed; ask again shortly", RetryAfter: 5}
}

// Rejection codes: why the server refused what was uploaded.
const (
	RejectChecksum    = "checksum_mismatch"
	RejectSize        = "size_mismatch"
	RejectType        = "unsupported_type"
	RejectTypeDiffers = "type_mismatch"
)

// permanent reports whether a rejection can never be cured by uploading
// again: the attach fixed the hash, so the right bytes are still wrong.
func permanent(code string) bool { return code == RejectType || code == RejectTypeDiffers }

// rejection is the problem a refused upload answers with.
func rejection(code, detail string) error {
	msg := detail
	if !permanent(code) {
		msg += "; upload the photo again (ask POST /v1/photos for a fresh plan)"
	} else {
		msg += "; these bytes can never be accepted: discard the photo and attach the right file"
	}
	return &models.Error{Kind: models.KindInvalid, Code: code, Message: msg}
}

func shortHash(h string) string {
	if len(h) > 12 {
		return h[:12] + "…"
	}
	return h
}

// validate checks a declared photo: hash, size and type.
func validateDeclared(sha string, size int64, ct string) error {
	var fe models.FieldErrors
	if blob.ValidSHA256(sha) != nil {
		fe.Add("sha256", "invalid", "must be 64 lower-case hex digits")
	}
	if size <= 0 {
		fe.Add("size", "invalid", "must be positive")
	}
	if !AllowedType(ct) {
		fe.Add("content_type", "invalid", "must be one of image/jpeg, image/png, image/webp, image/heic")
	}
	if err := fe.Err(); err != nil {
		return err
	}
	if size > MaxSize {
		return models.Errorf(models.KindTooLarge, "photo_too_large",
			"a photo may have at most %d bytes (25 MiB); this one declares %d", MaxSize, size)
	}
	return nil
}

func lower(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
