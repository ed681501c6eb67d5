package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/minio/minio-go/v7/pkg/s3utils"
)

// MinIO is a Store on MinIO or any S3-compatible service.
//
// It holds two clients: one for the endpoint this server reaches, used for
// all I/O, and one for the public endpoint, used only to sign URLs for
// phones and browsers. Both know the region, so signing is offline.
type MinIO struct {
	core   minio.Core
	public *minio.Client
	bucket string
	region string
	drives *driveCheck
}

var _ Store = (*MinIO)(nil)

// NewMinIO builds a MinIO store from cfg (Endpoint, PublicEndpoint,
// AccessKey, SecretKey, Bucket, Region, UseSSL). It makes no network call.
func NewMinIO(cfg Config) (*MinIO, error) {
	if err := s3utils.CheckValidBucketNameStrict(cfg.Bucket); err != nil {
		return nil, fmt.Errorf("blob: bucket %q: %w", cfg.Bucket, err)
	}
	if cfg.Region == "" {
		cfg.Region = "us-east-1"
	}
	internal, err := newMinIOClient(cfg.Endpoint, cfg)
	if err != nil {
		return nil, err
	}
	public := internal
	if cfg.PublicEndpoint != "" && cfg.PublicEndpoint != cfg.Endpoint {
		if public, err = newMinIOClient(cfg.PublicEndpoint, cfg); err != nil {
			return nil, err
		}
	}
	return &MinIO{core: minio.Core{Client: internal}, public: public, bucket: cfg.Bucket, region: cfg.Region,
		drives: newDriveCheck(cfg.Endpoint, cfg)}, nil
}

func newMinIOClient(raw string, cfg Config) (*minio.Client, error) {
	host, secure, err := endpoint(raw, cfg.UseSSL)
	if err != nil {
		return nil, err
	}
	c, err := minio.New(host, &minio.Options{
		Creds:           credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure:          secure,
		Region:          cfg.Region,
		BucketLookup:    minio.BucketLookupPath,
		TrailingHeaders: true, // lets Put send its SHA-256 as a trailer
		MaxRetries:      3,
	})
	if err != nil {
		return nil, fmt.Errorf("blob: minio client for %s: %w", raw, err)
	}
	return c, nil
}

// EnsureBucket creates the bucket (private: no policy is set) if missing.
func (m *MinIO) EnsureBucket(ctx context.Context) error {
	ok, err := m.core.BucketExists(ctx, m.bucket)
	if err != nil {
		return mapErr("check bucket", m.bucket, err)
	}
	if ok {
		return nil
	}
	err = m.core.MakeBucket(ctx, m.bucket, minio.MakeBucketOptions{Region: m.region})
	if err != nil && s3Code(err) != "BucketAlreadyOwnedByYou" { // another replica won the race
		return mapErr("create bucket", m.bucket, err)
	}
	return nil
}

// Health checks that the store answers and the bucket exists, and wraps
// ErrDegraded when it serves with drives offline (drives.go).
func (m *MinIO) Health(ctx context.Context) error {
	ok, err := m.core.BucketExists(ctx, m.bucket)
	if err != nil {
		return mapErr("health", m.bucket, err)
	}
	if !ok {
		return fmt.Errorf("health: bucket %q: %w", m.bucket, ErrNotFound)
	}
	return m.drives.degraded(ctx)
}

// Put streams r to key. MinIO records the SHA-256: with opts.SHA256 it is
// sent up front as x-amz-checksum-sha256, so MinIO refuses other bytes;
// otherwise it is computed while streaming and sent as a trailer.
func (m *MinIO) Put(ctx context.Context, key string, r io.Reader, size int64, opts PutOptions) (Info, error) {
	if err := checkPut(key, size, opts); err != nil {
		return Info{}, err
	}
	po := minio.PutObjectOptions{ContentType: contentTypeOr(opts.ContentType), DisableMultipart: true}
	if opts.SHA256 != "" {
		po.UserMetadata = map[string]string{"x-amz-checksum-sha256": sha256Base64(opts.SHA256)}
	} else {
		po.Checksum = minio.ChecksumSHA256
	}
	hr := newHashReader(r, size)
	up, err := m.core.Client.PutObject(ctx, m.bucket, key, hr, size, po)
	if err != nil {
		return Info{}, mapErr("put", key, err)
	}
	if err := hr.verify(opts.SHA256); err != nil {
		return Info{}, fmt.Errorf("put %q: %w", key, err)
	}
	return Info{Key: key, Size: up.Size, ContentType: po.ContentType, SHA256: hr.sum(),
		ETag: up.ETag, Modified: up.LastModified}, nil
}

// Stat describes key, with the SHA-256 MinIO recorded for it, if any.
func (m *MinIO) Stat(ctx context.Context, key string) (Info, error) {
	if err := ValidKey(key); err != nil {
		return Info{}, err
	}
	oi, err := m.core.StatObject(ctx, m.bucket, key, minio.StatObjectOptions{Checksum: true})
	if err != nil {
		return Info{}, mapErr("stat", key, err)
	}
	return infoOf(oi), nil
}

func infoOf(oi minio.ObjectInfo) Info {
	info := Info{Key: oi.Key, Size: oi.Size, ContentType: oi.ContentType, ETag: oi.ETag, Modified: oi.LastModified}
	if !strings.EqualFold(oi.ChecksumMode, "COMPOSITE") {
		info.SHA256 = sha256Hex(oi.ChecksumSHA256)
	}
	return info
}

// Get opens key; the request is made now, so a missing key is ErrNotFound here.
func (m *MinIO) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	return m.GetRange(ctx, key, 0, -1)
}

// Open GETs key with its checksums asked for (x-amz-checksum-mode, as
// Stat asks for them), and describes it from the response's headers. The
// body is not verified on the way (no second hash of the bytes): callers
// hash what they read.
func (m *MinIO) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	if err := ValidKey(key); err != nil {
		return nil, Info{}, err
	}
	var opts minio.GetObjectOptions
	opts.Set("x-amz-checksum-mode", "ENABLED")
	rc, oi, _, err := m.core.GetObject(ctx, m.bucket, key, opts)
	if err != nil {
		return nil, Info{}, mapErr("get", key, err)
	}
	return rc, infoOf(oi), nil
}

// GetRange opens length bytes of key from offset (length < 0: to the end).
func (m *MinIO) GetRange(ctx context.Context, key string, offset, length int64) (io.ReadCloser, error) {
	if err := ValidKey(key); err != nil {
		return nil, err
	}
	if offset < 0 || length == 0 {
		return nil, fmt.Errorf("%w: range %d+%d", ErrInvalid, offset, length)
	}
	var opts minio.GetObjectOptions
	switch {
	case length > 0:
		err := opts.SetRange(offset, offset+length-1)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
		}
	case offset > 0:
		_ = opts.SetRange(offset, 0) //nolint:errcheck // offset to the end; cannot fail for offset > 0
	}
	rc, _, _, err := m.core.GetObject(ctx, m.bucket, key, opts)
	if err != nil {
		return nil, mapErr("get", key, err)
	}
	return rc, nil
}

// Copy copies src to dst server-side; MinIO computes dst's SHA-256 anew.
func (m *MinIO) Copy(ctx context.Context, src, dst string) (Info, error) {
	if err := errors.Join(ValidKey(src), ValidKey(dst)); err != nil {
		return Info{}, err
	}
	_, err := m.core.Client.CopyObject(ctx,
		minio.CopyDestOptions{Bucket: m.bucket, Object: dst, ChecksumType: minio.ChecksumSHA256},
		minio.CopySrcOptions{Bucket: m.bucket, Object: src})
	if err != nil {
		return Info{}, mapErr("copy "+src+" to", dst, err)
	}
	return m.Stat(ctx, dst)
}

// Delete removes key; a missing key is not an error.
func (m *MinIO) Delete(ctx context.Context, key string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	return mapErr("delete", key, m.core.RemoveObject(ctx, m.bucket, key, minio.RemoveObjectOptions{}))
}

// Exists reports whether key is stored.
func (m *MinIO) Exists(ctx context.Context, key string) (bool, error) {
	_, err := m.Stat(ctx, key)
	if errors.Is(err, ErrNotFound) {
		return false, nil
	}
	return err == nil, err
}

// PresignPut signs a PUT for the public endpoint with the SHA-256 (and the
// content type, if given) as signed headers.
func (m *MinIO) PresignPut(ctx context.Context, key string, opts PresignPutOptions) (Presigned, error) {
	if err := checkPresignPut(key, opts); err != nil {
		return Presigned{}, err
	}
	h := http.Header{}
	h.Set("X-Amz-Checksum-Sha256", sha256Base64(opts.SHA256))
	if opts.ContentType != "" {
		h.Set("Content-Type", opts.ContentType)
	}
	ttl := ttlOr(opts.TTL, UploadTTL)
	u, err := m.public.PresignHeader(ctx, http.MethodPut, m.bucket, key, ttl, nil, h)
	if err != nil {
		return Presigned{}, mapErr("presign put", key, err)
	}
	return Presigned{Method: http.MethodPut, URL: u.String(), Header: h, Expires: time.Now().Add(ttl)}, nil
}

// PresignGet signs a GET for the public endpoint.
func (m *MinIO) PresignGet(ctx context.Context, key string, ttl time.Duration) (Presigned, error) {
	if err := ValidKey(key); err != nil {
		return Presigned{}, err
	}
	ttl = ttlOr(ttl, DownloadTTL)
	u, err := m.public.PresignedGetObject(ctx, m.bucket, key, ttl, nil)
	if err != nil {
		return Presigned{}, mapErr("presign get", key, err)
	}
	return Presigned{Method: http.MethodGet, URL: u.String(), Expires: time.Now().Add(ttl)}, nil
}

// List lists the objects under prefix, a thousand keys a request.
func (m *MinIO) List(ctx context.Context, prefix string, fn func(Info) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops the listing goroutine when fn fails
	for o := range m.core.Client.ListObjects(ctx, m.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if o.Err != nil {
			return mapErr("list", prefix, o.Err)
		}
		in := Info{Key: o.Key, Size: o.Size, ContentType: o.ContentType, ETag: o.ETag, Modified: o.LastModified}
		if err := fn(in); err != nil {
			return err
		}
	}
	return ctx.Err()
}
