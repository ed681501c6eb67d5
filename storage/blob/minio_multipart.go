package blob

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/minio/minio-go/v7"
)

// CreateMultipart starts a multipart upload to key.
func (m *MinIO) CreateMultipart(ctx context.Context, key, contentType string) (string, error) {
	if err := ValidKey(key); err != nil {
		return "", err
	}
	id, err := m.core.NewMultipartUpload(ctx, m.bucket, key,
		minio.PutObjectOptions{ContentType: contentTypeOr(contentType)})
	if err != nil {
		return "", mapErr("create multipart", key, err)
	}
	return id, nil
}

// PresignPart signs the PUT of one part for the public endpoint.
func (m *MinIO) PresignPart(ctx context.Context, key, uploadID string, part int, ttl time.Duration) (Presigned, error) {
	if err := ValidKey(key); err != nil {
		return Presigned{}, err
	}
	if err := checkPartNumber(part); err != nil {
		return Presigned{}, err
	}
	ttl = ttlOr(ttl, UploadTTL)
	q := url.Values{"partNumber": {strconv.Itoa(part)}, "uploadId": {uploadID}}
	u, err := m.public.Presign(ctx, http.MethodPut, m.bucket, key, ttl, q)
	if err != nil {
		return Presigned{}, mapErr("presign part", key, err)
	}
	return Presigned{Method: http.MethodPut, URL: u.String(), Expires: time.Now().Add(ttl)}, nil
}

// ListParts lists the parts MinIO holds for the upload.
func (m *MinIO) ListParts(ctx context.Context, key, uploadID string) ([]Part, error) {
	if err := ValidKey(key); err != nil {
		return nil, err
	}
	parts := []Part{}
	marker := 0
	for {
		res, err := m.core.ListObjectParts(ctx, m.bucket, key, uploadID, marker, 1000)
		if err != nil {
			return nil, mapErr("list parts", key, err)
		}
		for _, p := range res.ObjectParts {
			parts = append(parts, Part{Number: p.PartNumber, Size: p.Size, ETag: p.ETag, Modified: p.LastModified})
		}
		if !res.IsTruncated {
			return parts, nil
		}
		marker = res.NextPartNumberMarker
	}
}

// CompleteMultipart joins the parts into key.
func (m *MinIO) CompleteMultipart(ctx context.Context, key, uploadID string, parts []Part) (Info, error) {
	if err := ValidKey(key); err != nil {
		return Info{}, err
	}
	if err := checkPartList(parts); err != nil {
		return Info{}, err
	}
	cp := make([]minio.CompletePart, len(parts))
	for i, p := range parts {
		cp[i] = minio.CompletePart{PartNumber: p.Number, ETag: p.ETag}
	}
	if _, err := m.core.CompleteMultipartUpload(ctx, m.bucket, key, uploadID, cp, minio.PutObjectOptions{}); err != nil {
		return Info{}, mapErr("complete multipart", key, err)
	}
	return m.Stat(ctx, key)
}

// AbortMultipart discards the upload and its parts.
func (m *MinIO) AbortMultipart(ctx context.Context, key, uploadID string) error {
	if err := ValidKey(key); err != nil {
		return err
	}
	err := mapErr("abort multipart", key, m.core.AbortMultipartUpload(ctx, m.bucket, key, uploadID))
	if errors.Is(err, ErrNotFound) {
		return nil // S3 answers NoSuchUpload, MinIO 204: both mean gone
	}
	return err
}

// ListUploads lists incomplete uploads initiated before olderThan.
func (m *MinIO) ListUploads(ctx context.Context, olderThan time.Time) ([]Upload, error) {
	ups := []Upload{}
	var keyMarker, idMarker string
	for {
		res, err := m.core.ListMultipartUploads(ctx, m.bucket, "", keyMarker, idMarker, "", 1000)
		if err != nil {
			return nil, mapErr("list uploads", m.bucket, err)
		}
		for _, u := range res.Uploads {
			if u.Initiated.Before(olderThan) {
				ups = append(ups, Upload{Key: u.Key, ID: u.UploadID, Initiated: u.Initiated})
			}
		}
		if !res.IsTruncated {
			return ups, nil
		}
		keyMarker, idMarker = res.NextKeyMarker, res.NextUploadIDMarker
	}
}
