package sync

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	openapi_types "github.com/oapi-codegen/runtime/types"

	"github.com/tindal/tindal/openapi"
)

// Pulled records of the entities the REST API also serves (jurisdiction,
// owner, vessel, crew_member, vessel_crew, certificate, photo) travel in
// the REST shape, so an app keeps one model per entity and the contract's
// schema describes both (SyncItem, openapi.yaml). Columns the REST schema
// does not have (deleted_at, the scope columns, photo internals) are left
// out; null columns are absent, as in REST.
//
// The registry's six types are shaped by the reader's own query
// (sqlShapes): the JSON text of the contract type's fields, built from the
// generated struct, each value written as encoding/json writes it
// (restJSON). The photo keeps a shape in Go (photoShape):
// its REST form regroups columns. Decoding every row into the generated
// type and encoding it again cost two thirds of an initial pull's CPU
// (docs/SYNC.md §10); TestSQLShapesAreTheRESTShape checks the two agree.
var sqlShapes = map[string]string{
	"jurisdiction": restJSON(reflect.TypeFor[openapi.Jurisdiction](), nil),
	"owner":        restJSON(reflect.TypeFor[openapi.Owner](), nil),
	"crew_member":  restJSON(reflect.TypeFor[openapi.CrewMember](), nil),
	"vessel_crew":  restJSON(reflect.TypeFor[openapi.VesselCrew](), nil),
	"certificate":  restJSON(reflect.TypeFor[openapi.Certificate](), nil),
	// The row has engine_power and power_unit; REST has one engine_power
	// object of value and unit (api.vesselOut).
	"vessel": restJSON(reflect.TypeFor[openapi.Vessel](), map[string]string{
		"engine_power": "CASE WHEN t.engine_power IS NOT NULL AND t.power_unit IS NOT NULL " +
			`THEN '{"unit":' || to_json(t.power_unit)::text || ',"value":' || t.engine_power::float8::text || '}' END`,
	}),
}

// recordShapes are the types shaped in Go, from the row as the reader
// reads it (row_to_json).
var recordShapes = map[string]func([]byte) (any, error){
	"photo": photoShape,
}

// restField is a JSON field name of a generated type, and so a column.
var restField = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// restJSON is the SQL expression, over the row t, of the JSON text of the
// generated struct typ: each field from the column of its JSON name (or
// the JSON value special[name] gives), a null field left out. The text is
// put together with concat_ws, which skips the NULL members: about half
// the time of json_strip_nulls(json_build_object(…)), which builds the
// object, prints it and parses it again (reading 10,000
// vessels: 1.15× row_to_json's time against 2.2×). It panics on a field
// name that is not a plain column name: the map above is built at start.
func restJSON(typ reflect.Type, special map[string]string) string {
	var members []string
	for f := range typ.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !restField.MatchString(name) {
			panic(fmt.Sprintf("sync: %s.%s: JSON name %q is not a column name", typ.Name(), f.Name, name))
		}
		value := special[name]
		if value == "" {
			value = jsonValueSQL("t."+pgx.Identifier{name}.Sanitize(), f.Type)
		}
		members = append(members, `'"`+name+`":' || `+value)
	}
	return "'{' || concat_ws(',', " + strings.Join(members, ", ") + ") || '}'"
}

// jsonValueSQL is the SQL text of col's value as encoding/json writes a
// field of type typ (NULL for NULL): time.Time in UTC, RFC 3339 with the
// fraction's trailing zeros (and a bare point) removed; a date as
// YYYY-MM-DD; a uuid quoted; float64 through float8, whose text is the
// shortest that reads back (as Go's); strings escaped by to_json.
func jsonValueSQL(col string, typ reflect.Type) string {
	if typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	switch {
	case typ == reflect.TypeFor[time.Time]():
		return `'"' || rtrim(rtrim(to_char(` + col + ` AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '0'), '.') || 'Z"'`
	case typ == reflect.TypeFor[openapi_types.Date]():
		return `'"' || to_char(` + col + `, 'YYYY-MM-DD') || '"'`
	case typ == reflect.TypeFor[openapi_types.UUID]():
		return `'"' || ` + col + `::text || '"'`
	case typ.Kind() == reflect.Float64:
		return col + "::float8::text"
	case typ.Kind() == reflect.Bool, typ.Kind() >= reflect.Int && typ.Kind() <= reflect.Int64:
		return col + "::text"
	default: // strings and enums
		return "to_json(" + col + ")::text"
	}
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

// withRecordShape gives a table reader whose type has an SQL shape its
// query, and wraps a reader whose type has a Go shape; others are returned
// as they are.
func withRecordShape(r EntityReader) EntityReader {
	if tr, ok := r.(TableReader); ok && sqlShapes[r.Type()] != "" {
		tr.Data = sqlShapes[r.Type()]
		return tr
	}
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
