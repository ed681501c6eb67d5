package inspect

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
)

// PolicyLaterCaptureWins is the policy of inspection content edited on two
// devices (docs/SYNC.md §4).
const PolicyLaterCaptureWins = "later_capture_wins"

// verdict is what to do with one client edit of one field.
type verdict struct {
	apply     bool // write the client's value and stamp
	stampOnly bool // equal value, later capture: move the stamp, keep the value
	conflict  bool // record a conflict row (both values are kept there)
}

// stampOf is the stamp a command gives the fields it writes.
func stampOf(m Meta, version int64, prev any) models.Stamp {
	st := models.Stamp{Version: version, Device: m.DeviceID, User: m.UserID, Mutation: m.Mutation, Seq: m.Seq, Time: m.At}
	if prev != nil {
		st.Prev, _ = json.Marshal(prev) //nolint:errcheck // a value decoded from JSON
	}
	return st
}

// later reports whether capture a is later than b by (corrected capture
// time, device id, mutation id): a total order, so every arrival order
// picks the same winner.
func later(a, b models.Stamp) bool {
	if !a.Time.Equal(b.Time) {
		return a.Time.After(b.Time)
	}
	if c := bytes.Compare(a.Device[:], b.Device[:]); c != 0 {
		return c > 0
	}
	return bytes.Compare(a.Mutation[:], b.Mutation[:]) > 0
}

// decide applies the per-field stamp rules (docs/SYNC.md): an edit against
// base applies without conflict if the field's stamp is not newer than
// base, or if the last change came from the same device with a lower seq;
// otherwise the later capture wins and the clash is recorded. Equal values
// never conflict; the stamp still moves to the later capture so that the
// final state does not depend on arrival order.
func decide(cur, next any, st models.Stamp, has bool, m Meta) verdict {
	mine := stampOf(m, 0, nil)
	if storage.EqualJSON(cur, next) {
		return verdict{stampOnly: has && later(mine, st)}
	}
	switch {
	case !has:
		return verdict{apply: true}
	case st.Device == m.DeviceID && st.Seq < m.Seq && m.Mutation != uuid.Nil:
		return verdict{apply: true}
	case st.Version <= m.Base:
		return verdict{apply: true}
	}
	return verdict{apply: later(mine, st), conflict: true}
}

// author describes who made a change, for a conflict row.
type author struct {
	User     uuid.UUID `json:"user_id"`
	Device   uuid.UUID `json:"device_id"`
	Mutation uuid.UUID `json:"mutation_id,omitempty"`
	Seq      int64     `json:"seq"`
	At       time.Time `json:"captured_at"`
}

func authorOf(st models.Stamp) author {
	return author{User: st.User, Device: st.Device, Mutation: st.Mutation, Seq: st.Seq, At: st.Time}
}

// clash is one same-field conflict to record.
type clash struct {
	entity    string
	entityID  uuid.UUID
	field     string
	server    any
	client    any
	st        models.Stamp
	clientWon bool
}

// recordConflict writes a conflicts row holding base, server and client
// values and both authors, and returns its id.
func (w *Work) recordConflict(ctx context.Context, a *agg, m Meta, c clash) (uuid.UUID, error) {
	id := uuid.Must(uuid.NewV7())
	winner := "server"
	if c.clientWon {
		winner = "client"
	}
	row := models.Conflict{
		ID:             id,
		EntityType:     c.entity,
		EntityID:       c.entityID,
		InspectionID:   &a.row.ID,
		Field:          c.field,
		BaseVersion:    m.Base,
		BaseValue:      models.JSON(c.st.Prev),
		ServerValue:    mustJSON(c.server),
		ClientValue:    mustJSON(c.client),
		ServerAuthor:   mustJSON(authorOf(c.st)),
		ClientAuthor:   mustJSON(authorOf(stampOf(m, 0, nil))),
		Policy:         PolicyLaterCaptureWins,
		Winner:         winner,
		JurisdictionID: a.row.JurisdictionID,
		OwnerID:        a.row.OwnerID,
		InspectorID:    a.row.InspectorID,
	}
	row.Version = 1
	if err := w.tx.DB.WithContext(ctx).Create(&row).Error; err != nil {
		return uuid.Nil, fmt.Errorf("record conflict: %w", err)
	}
	w.changed(EntityConflict, id, keys(&a.row)...)
	return id, nil
}

func mustJSON(v any) models.JSON {
	b, err := json.Marshal(v)
	if err != nil {
		return models.JSON("null")
	}
	return models.JSON(b)
}

// fieldEdits applies a set of client field edits to a stamped row: for each
// field it decides, records conflicts, and returns the columns to write,
// the updated stamps and the outcome's unapplied fields and conflict ids.
type fieldEdits struct {
	cols      map[string]any
	stamps    models.Stamps
	unapplied []string
	conflicts []uuid.UUID
	changed   bool // a value changed (the row version moves)
	touched   bool // stamps or values changed (the row must be written)
}

// edit is one field edit: column name, current and next value.
type edit struct {
	field string
	cur   any
	next  any
}

// applyEdits runs decide over edits against stamps; version is the
// aggregate version the changed fields will carry.
func (w *Work) applyEdits(
	ctx context.Context,
	a *agg,
	m Meta,
	entity string,
	id uuid.UUID,
	stamps models.Stamps,
	edits []edit,
	version func() int64,
) (fieldEdits, error) {
	out := fieldEdits{cols: map[string]any{}, stamps: models.Stamps{}}
	for k, v := range stamps {
		out.stamps[k] = v
	}
	for _, e := range edits {
		st, has := stamps[e.field]
		v := decide(e.cur, e.next, st, has, m)
		if v.conflict {
			cid, err := w.recordConflict(
				ctx,
				a,
				m,
				clash{entity: entity, entityID: id, field: e.field, server: e.cur, client: e.next, st: st, clientWon: v.apply},
			)
			if err != nil {
				return out, err
			}
			out.conflicts = append(out.conflicts, cid)
		}
		switch {
		case v.apply:
			out.cols[e.field] = e.next
			out.stamps[e.field] = stampOf(m, version(), e.cur)
			out.changed, out.touched = true, true
		case v.stampOnly:
			ns := stampOf(m, st.Version, nil)
			ns.Prev = st.Prev
			out.stamps[e.field] = ns
			out.touched = true
		case v.conflict:
			out.unapplied = append(out.unapplied, e.field)
		}
	}
	return out, nil
}
