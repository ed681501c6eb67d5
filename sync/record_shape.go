package sync

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/openapi"
)

// Pulled records of the entities the REST API also serves (jurisdiction,
// owner, vessel, crew_member, vessel_crew, certificate, photo) travel in
// the REST shape: the row, as the reader reads it (row_to_json), is decoded
// into the contract's generated type and encoded again, so an app keeps one
// model per entity and the contract's schema describes both (SyncItem,
// openapi.yaml). Columns the REST schema does not have (deleted_at, the
// scope columns, photo internals) are left out; null columns are absent,
// as in REST.
var recordShapes = map[string]func([]byte) (any, error){
	"jurisdiction": asREST[openapi.Jurisdiction],
	"owner":        asREST[openapi.Owner],
	"crew_member":  asREST[openapi.CrewMember],
	"vessel_crew":  asREST[openapi.VesselCrew],
	"certificate":  asREST[openapi.Certificate],
	"vessel":       vesselShape,
	"photo":        photoShape,
}

// asREST decodes a row whose columns are named and typed as the REST
// schema's fields.
func asREST[T any](row []byte) (any, error) {
	var v T
	err := json.Unmarshal(row, &v)
	return v, err
}

// vesselShape: the row has engine_power and power_unit; REST has one
// engine_power object of value and unit (api.vesselOut).
func vesselShape(row []byte) (any, error) {
	var r struct {
		openapi.Vessel
		EnginePower *float64 `json:"engine_power"`
		PowerUnit   *string  `json:"power_unit"`
	}
	if err := json.Unmarshal(row, &r); err != nil {
		return nil, err
	}
	v := r.Vessel
	if r.EnginePower != nil && r.PowerUnit != nil {
		v.EnginePower = &openapi.EnginePower{Value: *r.EnginePower, Unit: openapi.PowerUnit(*r.PowerUnit)}
	}
	return v, nil
}

// photoShape mirrors api.photoOut on the photos row, without the URLs,
// which are signed per request (GET /v1/photos/{id} gives them).
func photoShape(row []byte) (any, error) {
	var r struct {
		ID           uuid.UUID  `json:"id"`
		InspectionID uuid.UUID  `json:"inspection_id"`
		FindingID    *uuid.UUID `json:"finding_id"`
		SHA256       string     `json:"sha256"`
		Size         int64      `json:"size"`
		ContentType  string     `json:"content_type"`
		State        string     `json:"state"`
		RejectCode   string     `json:"reject_code"`
		Caption      string     `json:"caption"`
		CapturedAt   *time.Time `json:"captured_at"`
		VerifiedAt   *time.Time `json:"verified_at"`
		ExifFound    *bool      `json:"exif_found"`
		ExifTakenAt  *time.Time `json:"exif_taken_at"`
		ExifLat      *float64   `json:"exif_lat"`
		ExifLon      *float64   `json:"exif_lon"`
		Flags        []string   `json:"flags"`
		DistanceM    *float64   `json:"distance_m"`
		TimeOffsetS  *int64     `json:"time_offset_s"`
		Width        *int       `json:"width"`
		Height       *int       `json:"height"`
		ThumbState   string     `json:"thumb_state"`
		Version      int64      `json:"version"`
	}
	if err := json.Unmarshal(row, &r); err != nil {
		return nil, err
	}
	if r.Flags == nil {
		r.Flags = []string{}
	}
	out := openapi.Photo{Id: r.ID, InspectionId: r.InspectionID, FindingId: r.FindingID, Sha256: r.SHA256, Size: r.Size,
		ContentType: r.ContentType, State: openapi.PhotoState(r.State), CapturedAt: r.CapturedAt, VerifiedAt: r.VerifiedAt,
		Flags: r.Flags, DistanceM: r.DistanceM, TimeOffsetS: r.TimeOffsetS, Width: r.Width, Height: r.Height,
		Thumbnails: openapi.PhotoThumbnails(r.ThumbState), Version: r.Version}
	if r.RejectCode != "" {
		out.RejectCode = &r.RejectCode
	}
	if r.Caption != "" {
		out.Caption = &r.Caption
	}
	if r.ExifFound != nil {
		out.Exif = &openapi.PhotoExif{Found: *r.ExifFound, TakenAt: r.ExifTakenAt, Lat: r.ExifLat, Lon: r.ExifLon}
	}
	return out, nil
}

// withRecordShape wraps a reader whose type has a REST shape; others are
// returned as they are.
func withRecordShape(r EntityReader) EntityReader {
	if shape, ok := recordShapes[r.Type()]; ok {
		return shapedReader{EntityReader: r, shape: shape}
	}
	return r
}

// shapedReader re-encodes the data of each row its reader returns.
type shapedReader struct {
	EntityReader
	shape func([]byte) (any, error)
}

// Load implements EntityReader.
func (s shapedReader) Load(ctx context.Context, q Querier, v Viewer, ids []uuid.UUID) ([]ReaderRow, error) {
	rows, err := s.EntityReader.Load(ctx, q, v, ids)
	if err != nil {
		return nil, err
	}
	return s.reshape(rows)
}

// Snapshot implements EntityReader.
func (s shapedReader) Snapshot(
	ctx context.Context,
	q Querier,
	v Viewer,
	key string,
	after uuid.UUID,
	limit int,
	visible bool,
) ([]ReaderRow, error) {
	rows, err := s.EntityReader.Snapshot(ctx, q, v, key, after, limit, visible)
	if err != nil {
		return nil, err
	}
	return s.reshape(rows)
}

func (s shapedReader) reshape(rows []ReaderRow) ([]ReaderRow, error) {
	for i := range rows {
		if rows[i].Data == nil {
			continue
		}
		v, err := s.shape(rows[i].Data)
		if err == nil {
			rows[i].Data, err = json.Marshal(v)
		}
		if err != nil {
			return nil, fmt.Errorf("shape %s %s: %w", s.Type(), rows[i].ID, err)
		}
	}
	return rows, nil
}
