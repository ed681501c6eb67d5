package sync

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/tindal/tindal/models"
)

// EntityReader serves one entity type to the pull and to verify. The pull
// never trusts what a change row says: it asks the reader for the current
// state and for the caller's right to see it, by the same rule as REST.
//
// Implementations are registered once at start (PullEngine.Register) and
// must be safe for concurrent use.
type EntityReader interface {
	// Type is the entity type as written to change_log by tx.Changed.
	Type() string
	// Load reads the current rows of ids, tombstones included, deciding
	// for each whether v may see it. Ids that do not exist are left out.
	Load(ctx context.Context, q Querier, v Viewer, ids []uuid.UUID) ([]ReaderRow, error)
	// Snapshot reads at most limit live rows filed under the scope key
	// whose visibility to v is visible, ordered by id, after the id given
	// (uuid.Nil for the first page). A first sync asks for the visible
	// rows, the removal of a lost key for the others: filtered in the
	// query, so a snapshot reads through an index only what it sends (an
	// inspector's first sync does not walk every answer of the
	// jurisdiction to keep their own). A type with no rows under that kind
	// of key returns none.
	Snapshot(
		ctx context.Context,
		q Querier,
		v Viewer,
		key string,
		after uuid.UUID,
		limit int,
		visible bool,
	) ([]ReaderRow, error)
}

// ReaderRow is one entity as an EntityReader found it.
type ReaderRow struct {
	ID      uuid.UUID
	Version int64  // the row's own version, read with its data
	Deleted bool   // a tombstone
	Visible bool   // the viewer may see the row by its scope now (tombstones too)
	Data    []byte // the record as JSON; only for visible live rows
}

// TableReader is an EntityReader for a table with the columns every synced
// table has (id, version, deleted_at) whose record, as synced, is the row
// itself (row_to_json). Visibility and scope keys are SQL predicates on
// the row, aliased t. In predicates, @owner stands for the viewer's owner
// id and @key for the id a scope key names.
type TableReader struct {
	// Name is the entity type, as logged.
	Name string
	// Table is the table it lives in.
	Table string
	// ReadOperation is the operationId whose row of the authorization
	// table decides how far each role sees this type (e.g. "getVessel").
	ReadOperation string
	// JurisdictionColumn is compared with the viewer's jurisdictions for
	// jurisdiction-wide access; empty when the type has none.
	JurisdictionColumn string
	// Own selects the rows an owner sees (AccessOwn), using @owner; empty
	// when owners see none.
	Own string
	// Inspector, when set, replaces the jurisdiction-wide rule for
	// inspectors, using @user: REST shows an inspector only their own
	// inspections (inspect.ScopeQuery), and the pull must agree.
	Inspector string
	// Keys maps a scope-key kind ("j", "o", "u", "ref") to the predicate
	// selecting the rows filed under such a key, using @key.
	Keys map[string]string
	// Data is the SQL expression, over the row t, of a record's JSON
	// text; empty: row_to_json(t) (record_shape.go sets the REST shape).
	Data string
}

var _ EntityReader = TableReader{}

// Type returns the entity type.
func (r TableReader) Type() string { return r.Name }

// Load reads ids with the viewer's visibility.
func (r TableReader) Load(ctx context.Context, q Querier, v Viewer, ids []uuid.UUID) ([]ReaderRow, error) {
	var a sqlArgs
	ref := a.add(ids)
	vis := r.visible(v, &a)
	sql := fmt.Sprintf(`SELECT t.id, t.version, t.deleted_at IS NOT NULL, (%[1]s),
		CASE WHEN t.deleted_at IS NULL AND (%[1]s) THEN %[4]s END
		FROM %[2]s t WHERE t.id = ANY(%[3]s::uuid[])`, vis, pgx.Identifier{r.Table}.Sanitize(), ref, r.data())
	return r.query(ctx, q, sql, a)
}

// Snapshot reads a page of the live rows filed under key.
func (r TableReader) Snapshot(
	ctx context.Context,
	q Querier,
	v Viewer,
	key string,
	after uuid.UUID,
	limit int,
	visible bool,
) ([]ReaderRow, error) {
	kind, id, ok := splitKey(key)
	pred, has := r.Keys[kind]
	if !ok || !has {
		return nil, nil
	}
	var a sqlArgs
	if strings.Contains(pred, "@key") {
		pred = strings.ReplaceAll(pred, "@key", a.add(id)+"::uuid")
	}
	vis := "(" + r.visible(v, &a) + ")"
	// The WHERE clause already decides visibility: the select list states
	// it rather than evaluating the predicate again for every row.
	want, seen, data := vis, "true", r.data()
	if !visible {
		want, seen, data = vis+" IS NOT TRUE", "false", "NULL::text"
	}
	sql := fmt.Sprintf(`SELECT t.id, t.version, false, %[6]s, %[7]s
		FROM %[1]s t WHERE (%[2]s) AND %[5]s AND t.deleted_at IS NULL AND t.id > %[3]s::uuid
		ORDER BY t.id LIMIT %[4]s::int`, pgx.Identifier{r.Table}.Sanitize(), pred, a.add(after), a.add(limit), want,
		seen, data)
	return r.query(ctx, q, sql, a)
}

// data is the SQL expression of a record's JSON text.
func (r TableReader) data() string {
	if r.Data != "" {
		return r.Data
	}
	return "row_to_json(t)::text"
}

// visible is the SQL predicate for "v may read this row": the row of the
// authorization table for the type's read operation (the same reach the
// REST reads give each role), and, for everyone but a caller who reaches
// everything, the row filed under one of the caller's scope keys now
// (inScope). The second half is what keeps a rule written for one purpose
// ("inspectors see open findings") from reaching across jurisdictions:
// whatever a cursor or an id list asks for, the query
// itself only matches rows of the caller's scope.
func (r TableReader) visible(v Viewer, a *sqlArgs) string {
	var rule string
	switch v.access(r.ReadOperation) {
	case models.AccessAll:
		return "true"
	case models.AccessJurisdiction:
		switch {
		case r.Inspector != "" && v.Role == models.RoleInspector:
			rule = strings.ReplaceAll(r.Inspector, "@user", a.add(v.UserID)+"::uuid")
		case r.JurisdictionColumn == "" || len(v.Jurisdictions) == 0:
			return "false"
		default:
			rule = fmt.Sprintf("t.%s = ANY(%s::uuid[])", pgx.Identifier{r.JurisdictionColumn}.Sanitize(), a.add(v.Jurisdictions))
		}
	case models.AccessOwn:
		if r.Own == "" || v.OwnerID == nil {
			return "false"
		}
		rule = strings.ReplaceAll(r.Own, "@owner", a.add(*v.OwnerID)+"::uuid")
	default:
		return "false"
	}
	scope := r.inScope(v, a)
	if scope == "false" {
		return "false"
	}
	return "(" + rule + ") AND (" + scope + ")"
}

// keyKinds are the kinds of scope key, in the order inScope writes them.
var keyKinds = []string{"ref", "j", "o", "u"}

// inScope is the SQL predicate "the row is filed under one of v's scope
// keys now": the type's key predicates (Keys) for the kinds of key v holds,
// each matching any of v's keys of that kind. With no key of a kind the
// type files rows under, it is "false". v.keys is set by the engine from
// the database (scopeKeys), never from a cursor.
func (r TableReader) inScope(v Viewer, a *sqlArgs) string {
	byKind := map[string][]uuid.UUID{}
	for _, k := range v.keys {
		if kind, id, ok := splitKey(k); ok {
			byKind[kind] = append(byKind[kind], id)
		}
	}
	var parts []string
	for _, kind := range keyKinds {
		pred, files := r.Keys[kind]
		ids, holds := byKind[kind]
		if !files || !holds {
			continue
		}
		if strings.Contains(pred, "@key") {
			pred = strings.ReplaceAll(pred, "= @key", "= ANY("+a.add(ids)+"::uuid[])")
			if strings.Contains(pred, "@key") {
				continue // a predicate not of the form "col = @key": fail closed
			}
		}
		parts = append(parts, "("+pred+")")
	}
	if len(parts) == 0 {
		return "false"
	}
	return strings.Join(parts, " OR ")
}

func (r TableReader) query(ctx context.Context, q Querier, sql string, a sqlArgs) ([]ReaderRow, error) {
	rows, err := q.Query(ctx, sql, a...)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", r.Name, err)
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (ReaderRow, error) {
		var x ReaderRow
		err := row.Scan(&x.ID, &x.Version, &x.Deleted, &x.Visible, &x.Data)
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", r.Name, err)
	}
	return out, nil
}

// sqlArgs collects positional arguments while a statement is built.
type sqlArgs []any

// add appends an argument and returns its placeholder.
func (a *sqlArgs) add(v any) string {
	*a = append(*a, v)
	return "$" + strconv.Itoa(len(*a))
}
