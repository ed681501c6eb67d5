package sync

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/tindal/tindal/storage"
)

// Canonical returns the RFC 8785 (JCS) canonical form of a JSON document:
// no insignificant whitespace, object members sorted by their names' UTF-16
// code units, strings escaped as ECMAScript's JSON.stringify does, and
// numbers in ECMAScript's shortest round-trip form: what RequestHash
// hashes, for the tests.
func Canonical(raw []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("canonical json: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("canonical json: trailing data")
	}
	var b bytes.Buffer
	if err := writeCanonical(&b, v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Watermark is the highest change-log position pruned so far (0 when none):
// cursors below it get reset_required.
func Watermark(ctx context.Context, db *storage.DB) (int64, error) {
	var w int64
	err := db.Pool.QueryRow(ctx, "SELECT coalesce((SELECT pruned_through FROM change_log_retention WHERE id), 0)").Scan(&w)
	if err != nil {
		return 0, fmt.Errorf("read change log watermark: %w", err)
	}
	return w, nil
}

// SQLShape is the REST shape's SQL expression of a registry type
// (record_shape.go).
func SQLShape(typ string) string { return sqlShapes[typ] }

// PullGzipLevel is the pull's gzip level, for the benchmarks' baseline.
const PullGzipLevel = gzipLevel
