package sync

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// ProtocolVersion is the sync protocol this server speaks. Within a
// version changes are additive (docs/SYNC.md §9).
const ProtocolVersion = 1

// ErrInvalidCursor is returned for a cursor this server did not issue to
// this user, or one that was altered.
var ErrInvalidCursor = models.Errorf(models.KindInvalid, "invalid_cursor",
	"the cursor was not issued by this server to you, or was altered: send the "+
		"cursor of your last stored page unchanged, or none to resync")

// pullCursor is what a cursor carries. It is opaque to clients and signed,
// so its fields can be trusted once the signature checks.
type pullCursor struct {
	V int       `json:"v"` // protocol version it was issued under
	U uuid.UUID `json:"u"` // the user it was issued to
	// E is the epoch it was issued in (epoch.go): a cursor of another
	// epoch is refused with ErrEpochChanged. Cursors issued before epochs
	// existed carry none and are taken as of the current one.
	E string `json:"e,omitempty"`
	// P is the position of the last change row scanned: the log continues
	// after it. Never the sequence's value, never a maximum read elsewhere.
	P int64    `json:"p"`
	K []string `json:"k"`           // scope keys the device holds data of
	T []string `json:"t"`           // entity types the device holds
	R string   `json:"r,omitempty"` // digest of the reference data served
	// Rm and Sn are the phases in progress, in the order they run.
	Rm *removalState  `json:"rm,omitempty"`
	Sn *snapshotState `json:"sn,omitempty"`
}

// removalState is the progress of sending remove_from_scope for keys the
// caller lost: first the live rows filed under them (key by key, type by
// type, in id order), then the change rows logged under them after P.
type removalState struct {
	Keys  []string  `json:"k"`
	Key   int       `json:"i"` // index into Keys; len(Keys) means the log stage
	Type  string    `json:"t,omitempty"`
	After uuid.UUID `json:"a"`
	Pos   int64     `json:"p"` // log stage: position of the last change row scanned
}

// snapshotTask is the live rows of some entity types under one key; no
// types means every registered type.
type snapshotTask struct {
	Key   string   `json:"k"`
	Types []string `json:"t,omitempty"`
}

// snapshotState is the progress of snapshots of new keys and new types.
type snapshotState struct {
	Tasks []snapshotTask `json:"q"`
	Task  int            `json:"i"`
	Type  int            `json:"j"`
	After uuid.UUID      `json:"a"`
}

// encodeCursor signs c: base64url(JSON) "." base64url(HMAC-SHA256[:16]).
func encodeCursor(key []byte, c *pullCursor) (string, error) {
	payload, err := json.Marshal(c)
	if err != nil {
		return "", err
	}
	return b64(payload) + "." + b64(cursorMAC(key, payload)), nil
}

// decodeCursor checks the signature and the user, and parses the cursor.
func decodeCursor(key []byte, s string, user uuid.UUID) (*pullCursor, error) {
	p, sig, ok := strings.Cut(s, ".")
	if !ok {
		return nil, ErrInvalidCursor
	}
	payload, err1 := base64.RawURLEncoding.DecodeString(p)
	mac, err2 := base64.RawURLEncoding.DecodeString(sig)
	if err1 != nil || err2 != nil || !hmac.Equal(mac, cursorMAC(key, payload)) {
		return nil, ErrInvalidCursor
	}
	var c pullCursor
	if err := json.Unmarshal(payload, &c); err != nil || c.U != user || c.V < 1 || c.P < 0 {
		return nil, ErrInvalidCursor
	}
	return &c, nil
}

func cursorMAC(key, payload []byte) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("tindal pull cursor v1\x00"))
	m.Write(payload)
	return m.Sum(nil)[:16]
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

// checkCursorKeys refuses a cursor naming a scope key the caller neither
// holds now nor ever held: the user's own keys, the jurisdictions of the
// user's assignments past and present (any live or deleted jurisdiction
// for an admin), and reference data. A cursor is signed, so this only
// matters for one built with a leaked key; then it is the removal phase's
// guard, the one phase that names rows outside the current scope (as
// remove_from_scope, without data). Snapshot and log queries match only
// rows of the current keys in any case (TableReader.visible).
func checkCursorKeys(ctx context.Context, q Querier, v Viewer, c *pullCursor, now []string) error {
	if c == nil {
		return nil
	}
	named := slices.Clone(c.K)
	if c.Rm != nil {
		named = append(named, c.Rm.Keys...)
	}
	if c.Sn != nil {
		for _, t := range c.Sn.Tasks {
			named = append(named, t.Key)
		}
	}
	var past []uuid.UUID
	for _, k := range setMinus(named, now) {
		kind, id, ok := splitKey(k)
		if !ok || kind != "j" {
			return ErrInvalidCursor
		}
		past = append(past, id)
	}
	if len(past) == 0 {
		return nil
	}
	slices.SortFunc(past, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	past = slices.Compact(past)
	var held int
	err := q.QueryRow(ctx, `SELECT count(*) FROM jurisdictions j WHERE j.id = ANY($1::uuid[])
		AND ($2 OR EXISTS (SELECT 1 FROM user_jurisdictions uj WHERE uj.user_id = $3 AND uj.jurisdiction_id = j.id))`,
		past, v.Role == models.RoleAdmin, v.UserID).Scan(&held)
	if err != nil {
		return fmt.Errorf("check cursor scope keys: %w", err)
	}
	if held != len(past) {
		return ErrInvalidCursor
	}
	return nil
}
