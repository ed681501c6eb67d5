package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"

	"github.com/minio/minio-go/v7"
)

// s3Code is the S3 error code inside err, or "".
func s3Code(err error) string {
	var resp minio.ErrorResponse
	if errors.As(err, &resp) {
		return resp.Code
	}
	return ""
}

// kinds maps S3 error codes to our sentinels.
var kinds = map[string]error{
	"NoSuchKey":                   ErrNotFound,
	"NoSuchBucket":                ErrNotFound,
	"NoSuchUpload":                ErrNotFound,
	"NotFound":                    ErrNotFound,
	"BadDigest":                   ErrChecksumMismatch,
	"InvalidDigest":               ErrChecksumMismatch,
	"XAmzContentChecksumMismatch": ErrChecksumMismatch,
	"XAmzContentSHA256Mismatch":   ErrChecksumMismatch,
	"EntityTooLarge":              ErrTooLarge,
	"IncompleteBody":              ErrSizeMismatch,
	"EntityTooSmall":              ErrInvalid,
	"InvalidPart":                 ErrInvalid,
	"InvalidPartOrder":            ErrInvalid,
	"InvalidRange":                ErrInvalid,
	"InvalidArgument":             ErrInvalid,
	"InvalidRequest":              ErrInvalid,
	"AccessDenied":                ErrDenied,
	"InvalidAccessKeyId":          ErrDenied,
	"SignatureDoesNotMatch":       ErrDenied,
	"SlowDown":                    ErrUnavailable,
	"ServiceUnavailable":          ErrUnavailable,
	"InternalError":               ErrUnavailable,
	"XMinioServerNotInitialized":  ErrUnavailable,
}

// kindOf classifies an error from minio-go; nil when it fits no kind.
func kindOf(err error) error {
	for _, k := range []error{ErrSizeMismatch, ErrChecksumMismatch, ErrTooLarge, ErrInvalid} {
		if errors.Is(err, k) { // raised by our own checks or readers
			return nil
		}
	}
	var resp minio.ErrorResponse
	if errors.As(err, &resp) {
		if k, ok := kinds[resp.Code]; ok {
			return k
		}
		switch {
		case resp.StatusCode == http.StatusNotFound:
			return ErrNotFound
		case resp.StatusCode >= 500:
			return ErrUnavailable
		}
		return nil
	}
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, io.ErrUnexpectedEOF) {
		return ErrUnavailable
	}
	return nil
}

// mapErr wraps err from operation op on key with its kind, keeping the cause.
func mapErr(op, key string, err error) error {
	if err == nil {
		return nil
	}
	if k := kindOf(err); k != nil {
		return fmt.Errorf("%s %q: %w: %w", op, key, k, err)
	}
	return fmt.Errorf("%s %q: %w", op, key, err)
}
