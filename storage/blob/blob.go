// Package blob stores photo bytes and other large objects outside the
// database, content-addressed by SHA-256 (docs/PHOTOS.md).
//
// One interface, Store, has two implementations: MinIO (any S3-compatible
// store; the production path) and Local (a directory on disk, for a
// single-office install and demos). Both hand out short-lived signed URLs so
// that phones upload and supervisors download without the bytes passing
// through the JSON API. Errors are normalised to the sentinels below; test
// them with errors.Is.
package blob

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

// Sentinel error kinds. Every error a Store returns wraps at most one of them
// (plus its cause), so callers map kinds, never store-specific codes.
var (
	// ErrNotFound: the object, multipart upload or bucket does not exist.
	ErrNotFound = errors.New("blob: not found")
	// ErrUnavailable: the store could not be reached or failed transiently.
	ErrUnavailable = errors.New("blob: store unavailable")
	// ErrChecksumMismatch: the bytes do not have the declared SHA-256.
	ErrChecksumMismatch = errors.New("blob: checksum mismatch")
	// ErrSizeMismatch: the bytes are not as long as declared.
	ErrSizeMismatch = errors.New("blob: size mismatch")
	// ErrTooLarge: the object exceeds the allowed size.
	ErrTooLarge = errors.New("blob: too large")
	// ErrInvalid: a bad key, range, part number or part list.
	ErrInvalid = errors.New("blob: invalid request")
	// ErrDenied: the store refused our credentials or signature.
	ErrDenied = errors.New("blob: access denied")
)

// Defaults from docs/PHOTOS.md.
const (
	// UploadTTL is how long an upload URL may be started.
	UploadTTL = 15 * time.Minute
	// DownloadTTL is how long a download URL stays valid.
	DownloadTTL = 5 * time.Minute
	// MinPartSize is the smallest part but the last of a multipart upload
	// (the S3 rule, enforced by Local too so both behave alike).
	MinPartSize = 5 << 20
	// MaxPartNumber is the highest part number S3 accepts.
	MaxPartNumber = 10000
	// MaxObjectSize is the largest object a single PUT may write (S3's limit).
	MaxObjectSize = 5 << 30
)

// Store is an object store holding blobs under keys in one private bucket.
//
// Keys are built by the server (see ContentKey and StagingKey), never taken
// from a client; a key that fails ValidKey gives ErrInvalid. Methods that
// reach the store return ErrUnavailable when it cannot be reached.
type Store interface {
	// Put streams exactly size bytes from r to key, hashing them on the way,
	// and returns what was stored with its SHA-256. With opts.SHA256 set the
	// store refuses other bytes (ErrChecksumMismatch) and keeps nothing; a
	// reader that ends early gives ErrSizeMismatch; size above opts.MaxSize
	// (or MaxObjectSize) gives ErrTooLarge before anything is sent.
	Put(ctx context.Context, key string, r io.Reader, size int64, opts PutOptions) (Info, error)
	// Stat describes the object at key, or returns ErrNotFound.
	Stat(ctx context.Context, key string) (Info, error)
	// Get opens the object at key for reading, or returns ErrNotFound.
	Get(ctx context.Context, key string) (io.ReadCloser, error)
	// Open is Get that also describes the object, as Stat would, from the
	// same request (one round trip: the response's headers), or returns
	// ErrNotFound.
	Open(ctx context.Context, key string) (io.ReadCloser, Info, error)
	// GetRange opens length bytes from offset (length < 0: to the end).
	// A range starting past the end gives ErrInvalid.
	GetRange(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error)
	// Copy copies src to dst inside the store (no bytes pass through us) and
	// describes dst, with its SHA-256 recorded. A missing src gives ErrNotFound.
	Copy(ctx context.Context, src, dst string) (Info, error)
	// Delete removes the object at key; deleting a missing object is not an error.
	Delete(ctx context.Context, key string) error
	// Exists reports whether an object is stored at key.
	Exists(ctx context.Context, key string) (bool, error)
	// List calls fn with every object whose key begins with prefix
	// (Key, Size and Modified set; SHA256 and ContentType may be empty),
	// for housekeeping. The order is unspecified; fn's error stops the
	// listing and is returned as is. An object written or deleted during
	// the listing may or may not be seen.
	List(ctx context.Context, prefix string, fn func(Info) error) error

	// PresignPut signs a single PUT of exactly the declared bytes to key. The
	// client must send the returned headers, which include the SHA-256 as a
	// signed x-amz-checksum-sha256: the store refuses any other body.
	// It makes no network call.
	PresignPut(ctx context.Context, key string, opts PresignPutOptions) (Presigned, error)
	// PresignGet signs a GET of key valid for ttl (0: DownloadTTL). It makes
	// no network call and does not check that the object exists.
	PresignGet(ctx context.Context, key string, ttl time.Duration) (Presigned, error)

	// CreateMultipart starts a multipart upload to key and returns its id.
	CreateMultipart(ctx context.Context, key, contentType string) (uploadID string, err error)
	// PresignPart signs the PUT of part number part (1..MaxPartNumber) of an
	// upload, valid for ttl (0: UploadTTL). It makes no network call.
	PresignPart(ctx context.Context, key, uploadID string, part int, ttl time.Duration) (Presigned, error)
	// ListParts lists the parts received so far, by part number, so that an
	// interrupted upload can resume. An unknown upload gives ErrNotFound.
	ListParts(ctx context.Context, key, uploadID string) ([]Part, error)
	// CompleteMultipart joins parts (Number and ETag, ascending) into the
	// object at key and describes it. An unknown (or already completed)
	// upload gives ErrNotFound; a bad part list or a part other than the
	// last under MinPartSize gives ErrInvalid. Info.SHA256 may be empty:
	// stores record no full-object hash for multipart objects.
	CompleteMultipart(ctx context.Context, key, uploadID string, parts []Part) (Info, error)
	// AbortMultipart discards an upload and its parts. Aborting an unknown
	// (or already aborted) upload is not an error.
	AbortMultipart(ctx context.Context, key, uploadID string) error
	// ListUploads lists the incomplete multipart uploads started before
	// olderThan, for housekeeping.
	ListUploads(ctx context.Context, olderThan time.Time) ([]Upload, error)

	// EnsureBucket creates the private bucket if it is missing.
	EnsureBucket(ctx context.Context) error
	// Health reports whether the store is reachable and its bucket exists,
	// for /readyz.
	Health(ctx context.Context) error
}

// Info describes a stored object.
type Info struct {
	Key         string
	Size        int64
	ContentType string
	// SHA256 is the lower-case hex SHA-256 of the whole object as recorded
	// by the store, or "" when it recorded none (multipart objects).
	SHA256   string
	ETag     string
	Modified time.Time
}

// PutOptions qualify a Put.
type PutOptions struct {
	// ContentType is stored with the object (default application/octet-stream).
	ContentType string
	// SHA256, lower-case hex, is the hash the bytes must have; empty to
	// accept any bytes.
	SHA256 string
	// MaxSize, when positive, is the largest size accepted.
	MaxSize int64
}

// PresignPutOptions describe the bytes a presigned PUT may carry.
type PresignPutOptions struct {
	// SHA256, lower-case hex, is required: it is signed into the URL.
	SHA256 string
	// Size is the declared length; required and checked against MaxSize.
	Size int64
	// ContentType, when set, is signed too and must be sent as is.
	ContentType string
	// MaxSize, when positive, is the largest Size accepted.
	MaxSize int64
	// TTL is how long the upload may be started (0: UploadTTL).
	TTL time.Duration
}

// Presigned is a request a client may make without our credentials.
type Presigned struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	// Header lists the headers the client must send exactly as given.
	Header  http.Header `json:"headers,omitempty"`
	Expires time.Time   `json:"expires_at"`
}

// Part is one received part of a multipart upload.
type Part struct {
	Number   int
	Size     int64
	ETag     string
	Modified time.Time
}

// Upload is an incomplete multipart upload.
type Upload struct {
	Key       string
	ID        string
	Initiated time.Time
}

const defaultContentType = "application/octet-stream"

func contentTypeOr(ct string) string {
	if ct == "" {
		return defaultContentType
	}
	return ct
}

func ttlOr(ttl, def time.Duration) time.Duration {
	if ttl <= 0 {
		return def
	}
	return ttl
}
