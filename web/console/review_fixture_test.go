package console_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	tsync "github.com/tindal/tindal/sync"
	"github.com/tindal/tindal/web/webtest"
)

// The demo's submitted Karwar inspections (demo/inspections.go), by the
// vessel they inspected: 0006 proposes detention (01003, an expired
// Certificate of Survey, action 06), 0002 and 0001 have lesser findings.
const (
	regDetention = "KA-KWR-M-0006"
	regStern     = "KA-KWR-M-0002"
	regLifebuoy  = "KA-KWR-M-0001"
)

// inspectionOf is the id of the demo inspection of the vessel reg.
func inspectionOf(t *testing.T, s *webtest.Server, reg string) uuid.UUID {
	t.Helper()
	var id uuid.UUID
	err := s.DB.Gorm.Raw(`SELECT i.id FROM inspections i JOIN vessels v ON v.id = i.vessel_id
		WHERE v.registration_number = ? ORDER BY i.created_at LIMIT 1`, reg).Row().Scan(&id)
	if err != nil {
		t.Fatalf("demo inspection of %s: %v", reg, err)
	}
	return id
}

// scalar reads one value with q.
func scalar[T any](t *testing.T, s *webtest.Server, q string, args ...any) T {
	t.Helper()
	var v T
	if err := s.DB.Gorm.Raw(q, args...).Row().Scan(&v); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return v
}

// inspectorOnDevice is the Karwar inspector's scope on the demo phone the
// seed registered, with the last mutation number it pushed.
func inspectorOnDevice(t *testing.T, s *webtest.Server) (models.Scope, int64) {
	t.Helper()
	var u models.User
	if err := s.DB.Gorm.Where("email = ?", "inspector.karwar@demo.tindal").Take(&u).Error; err != nil {
		t.Fatal(err)
	}
	dev := scalar[uuid.UUID](t, s, `SELECT id FROM devices WHERE user_id = ? ORDER BY registered_at LIMIT 1`, u.ID)
	seq := scalar[int64](t, s, `SELECT coalesce(max(seq), 0) FROM applied_mutations WHERE device_id = ?`, dev)
	jur := scalar[uuid.UUID](t, s, `SELECT jurisdiction_id FROM user_jurisdictions WHERE user_id = ? LIMIT 1`, u.ID)
	return models.Scope{UserID: u.ID, DeviceID: dev, Role: u.Role, Access: models.AccessJurisdiction,
		Jurisdictions: []uuid.UUID{jur}, RequestID: "console-test"}, seq
}

// reinspect renews the vessel's certificates and pushes, from the
// inspector's phone, a re-inspection of the detained vessel on the clearance checklist that answers every code of
// the order cleared, and submits it (docs/ENFORCEMENT.md §3).
func reinspect(t *testing.T, s *webtest.Server, order uuid.UUID) {
	t.Helper()
	var o models.DetentionOrder
	if err := s.DB.Gorm.Where("id = ?", order).Take(&o).Error; err != nil {
		t.Fatal(err)
	}
	// The owner renewed the expired survey and pollution certificates the
	// order was for (the registrar's entry, here by hand).
	if err := s.DB.Gorm.Exec(`UPDATE certificates SET expires_on = now() + interval '1 year', version = version + 1
		WHERE vessel_id = ? AND kind IN ('survey', 'pollution')`, o.VesselID).Error; err != nil {
		t.Fatal(err)
	}
	id := uuid.Must(uuid.NewV7())
	steps := []step{{"inspection.start", map[string]any{"id": id, "vessel_id": o.VesselID,
		"template_id": checklist.TemplateID("ka-reinspection-clearance", 1), "kind": "re_inspection",
		"detention_order_id": order}}}
	for _, c := range o.Codes {
		steps = append(steps, step{"inspection.answer", map[string]any{"inspection_id": id, "item_id": "clear." + c,
			"answer": "yes", "note": "renewed certificate seen on board"}})
	}
	push(t, s, append(steps, step{"inspection.submit", map[string]any{"inspection_id": id}})...)
}

// step is one mutation of the inspector's phone: its name and arguments.
type step struct {
	name string
	args map[string]any
}

// push pushes steps from the Karwar inspector's demo phone, captured a
// second apart twenty minutes ago, and fails unless each applied, merged
// (on an approved inspection: an amendment request) or was deferred (its
// inspection has not arrived).
func push(t *testing.T, s *webtest.Server, steps ...step) {
	t.Helper()
	sc, seq := inspectorOnDevice(t, s)
	at := time.Now().Add(-20 * time.Minute)
	ms := make([]tsync.Mutation, 0, len(steps))
	for i, st := range steps {
		raw, _ := json.Marshal(st.args)
		captured := at.Add(time.Duration(i) * time.Second).UTC().Format(time.RFC3339Nano)
		base := int64(1)
		ms = append(ms, tsync.Mutation{ID: uuid.Must(uuid.NewV7()), Seq: seq + int64(i) + 1, Name: st.name, Version: 1,
			Args: raw, BaseVersion: &base, CapturedAt: &captured})
	}
	eng := tsync.New(s.DB, s.Inspect, time.Now, tsync.Options{})
	res, err := eng.Push(context.Background(), sc, tsync.PushRequest{AppVersion: "console-test", ProtocolVersion: 1, Mutations: ms})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Results {
		if r.Status != tsync.StatusApplied && r.Status != tsync.StatusMerged && r.Status != tsync.StatusDeferred {
			t.Fatalf("mutation %d: %s %s %s", r.Seq, r.Status, r.Code, r.Message)
		}
	}
}

// rectify has the owner of the vessel reg send a rectification of its
// inspection's first open finding, with a photo uploaded as the owner's
// phone would (docs/REVIEW.md §3), and returns the rectification's id.
func rectify(t *testing.T, s *webtest.Server, reg string) uuid.UUID {
	t.Helper()
	ctx := context.Background()
	insp := inspectionOf(t, s, reg)
	finding := scalar[uuid.UUID](t, s, `SELECT id FROM findings WHERE inspection_id = ? AND NOT rectified
		AND deleted_at IS NULL ORDER BY code LIMIT 1`, insp)
	var u models.User
	if err := s.DB.Gorm.Where("owner_id = (SELECT owner_id FROM vessels WHERE registration_number = ?)", reg).
		Take(&u).Error; err != nil {
		t.Fatal(err)
	}
	sc := models.Scope{UserID: u.ID, Role: models.RoleOwner, OwnerID: u.OwnerID, Access: models.AccessOwn,
		RequestID: "console-test"}
	img := image.NewRGBA(image.Rect(0, 0, 400, 300))
	for y := range 300 {
		for x := range 400 {
			img.Set(x, y, color.RGBA{R: byte(x), G: 120, B: byte(y), A: 255})
		}
	}
	var b bytes.Buffer
	if err := jpeg.Encode(&b, img, nil); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b.Bytes())
	pid := uuid.Must(uuid.NewV7())
	if _, err := s.Inspect.AttachFindingPhoto(ctx, sc, finding, inspect.FindingPhotoInput{ID: pid,
		SHA256: hex.EncodeToString(sum[:]), Size: int64(b.Len()), ContentType: photo.TypeJPEG,
		Caption: "new lifebuoys with retro-reflective tape"}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Photos.PutContent(ctx, sc, pid, bytes.NewReader(b.Bytes()), int64(b.Len())); err != nil {
		t.Fatal(err)
	}
	r, err := s.Inspect.SubmitRectification(ctx, sc, finding, inspect.RectifyInput{
		Note: "two lifebuoys with retro-reflective tape fitted", PhotoIDs: []uuid.UUID{pid}})
	if err != nil {
		t.Fatal(err)
	}
	return r.ID
}

// deferredAnswer pushes an answer to an inspection that never arrived: the
// engine defers it to the backlog. It returns the mutation's id.
func deferredAnswer(t *testing.T, s *webtest.Server) uuid.UUID {
	t.Helper()
	push(t, s, step{"inspection.answer", map[string]any{"inspection_id": uuid.Must(uuid.NewV7()),
		"item_id": "fire.extinguishers", "answer": "yes"}})
	return scalar[uuid.UUID](t, s, `SELECT mutation_id FROM mutation_backlog ORDER BY first_seen DESC LIMIT 1`)
}
