package sync_test

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/openapi"
	"github.com/tindal/tindal/sync"
)

// restOracle is the REST shape as Go writes it: the row (row_to_json)
// decoded into the generated type and encoded again, which is what the
// pull sent before the shapes moved into SQL.
var restOracle = map[string]func([]byte) (any, error){
	"jurisdiction": decodeAs[openapi.Jurisdiction],
	"owner":        decodeAs[openapi.Owner],
	"crew_member":  decodeAs[openapi.CrewMember],
	"vessel_crew":  decodeAs[openapi.VesselCrew],
	"certificate":  decodeAs[openapi.Certificate],
	"vessel": func(row []byte) (any, error) {
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
	},
}

func decodeAs[T any](row []byte) (any, error) {
	var v T
	err := json.Unmarshal(row, &v)
	return v, err
}

// The registry's records, shaped by the reader's SQL, are the REST shape
// Go writes (the generated types' encoding): same fields, same values,
// nulls absent, numerics as numbers, timestamps in UTC as time.Time
// writes them, whatever the session's time zone. The rows carry the
// awkward values: numerics with trailing zeros, a leap day, timestamps
// with no fraction and with trailing zeros, markup and Kannada in text,
// and (the second jurisdiction) every nullable column null.
func TestSQLShapesAreTheRESTShape(t *testing.T) {
	w := newWorld(t)
	ctx := context.Background()
	crew, _, err := w.reg.CreateCrewMember(ctx, w.admin, models.CrewMember{IndivcNumber: "INDIVC-0002", Name: "Suresh",
		JurisdictionID: w.ids["MANGALURU"]})
	w.must(err)
	_, _, err = w.reg.AddVesselCrew(ctx, w.admin, models.VesselCrew{VesselID: w.ids["vessel-MANGALURU"],
		CrewMemberID: crew.ID, Role: "master", SignedOn: time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC)})
	w.must(err)
	for i, q := range []string{
		`UPDATE vessels SET engine_power = 12.50, power_unit = 'kW', length_m = 10.10, breadth_m = 3, depth_m = 1.25,
			grt = 0.5, passengers = 12, cargo_tonnes = 1000, zone = 2, category = 'C', dangerous_goods = false,
			survey_anniversary = '2024-02-29', name = 'ನವ <&> "ದೋಣಿ"',
			created_at = '2026-01-01 00:00:00+00', updated_at = '2026-03-01 10:00:00.1+05:30' WHERE id = $1`,
		`UPDATE owners SET address = E'1 Harbour Rd\nKarwar', email = 'o@example.in', phone = '+91 98450 00000',
			updated_at = '2026-06-30 23:59:59.123456+00' WHERE id = $1`,
		`UPDATE crew_members SET date_of_birth = '1990-02-28', updated_at = '2026-12-31 18:30:00.000001+00'
			WHERE id = $1`,
		`UPDATE certificates SET revalidated_on = '2028-02-29', grade = 'II' WHERE crew_member_id IS NOT NULL`,
		`UPDATE vessel_crew SET signed_off = '2026-12-31' WHERE id = $1`,
	} {
		var args []any
		if id := []string{"vessel-KARWAR", "owner-KARWAR", "crew", "", "placement"}[i]; id != "" {
			args = []any{w.ids[id]}
		}
		_, err := w.db.Pool.Exec(ctx, q, args...)
		w.must(err)
	}
	admin := sync.Viewer{UserID: uuid.New(), Role: models.RoleAdmin,
		Access: func(string) models.Access { return models.AccessAll }}
	for _, r := range sync.RegistryReaders() {
		tr, ok := r.(sync.TableReader)
		if !ok || sync.SQLShape(tr.Type()) == "" {
			t.Fatalf("%s: not a table reader with an SQL shape", r.Type())
		}
		rows, err := w.db.Pool.Query(ctx, "SELECT id FROM "+pgx.Identifier{tr.Table}.Sanitize())
		w.must(err)
		ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		w.must(err)
		if len(ids) < 2 {
			t.Fatalf("%s: %d rows, want both jurisdictions'", tr.Type(), len(ids))
		}
		oracle := readIn(t, w, "UTC", tr, admin, ids)
		tr.Data = sync.SQLShape(tr.Type())
		got := readIn(t, w, "Asia/Kolkata", tr, admin, ids)
		for id, raw := range oracle {
			v, err := restOracle[tr.Type()](raw)
			w.must(err)
			want, err := json.Marshal(v)
			w.must(err)
			if !sameJSON(t, want, got[id]) {
				t.Errorf("%s %s:\n SQL  %s\n REST %s", tr.Type(), id, got[id], want)
			}
			if strings.Contains(string(got[id]), "+05:30") {
				t.Errorf("%s %s: a timestamp in the session's zone: %s", tr.Type(), id, got[id])
			}
		}
	}
}

// readIn loads the rows' data with the session in time zone tz.
func readIn(t *testing.T, w *world, tz string, tr sync.TableReader, v sync.Viewer, ids []uuid.UUID) map[uuid.UUID][]byte {
	t.Helper()
	ctx := context.Background()
	out := map[uuid.UUID][]byte{}
	w.must(pgx.BeginFunc(ctx, w.db.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT set_config('TimeZone', $1, true)", tz); err != nil {
			return err
		}
		rows, err := tr.Load(ctx, tx, v, ids)
		for _, r := range rows {
			if r.Data == nil {
				t.Errorf("%s %s: no data", tr.Type(), r.ID)
			}
			out[r.ID] = r.Data
		}
		return err
	}))
	return out
}

// sameJSON compares two documents as values, timestamps as the same text.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
