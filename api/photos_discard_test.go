package api_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/storage/blob"
)

// push sends mutations as the Karwar inspector's device over HTTP, each
// captured a minute apart ending now, and returns each one's status.
func (p *photoHarness) push(seq0 int, muts ...map[string]any) []string {
	p.t.Helper()
	dev := p.do("GET", "/v1/me", "inspector", nil).json()["device_id"].(string)
	at := time.Now().Add(-time.Duration(len(muts)) * time.Minute).UTC()
	list := make([]any, len(muts))
	for i, m := range muts {
		m["id"], m["seq"], m["version"], m["base_version"] = uuid.Must(uuid.NewV7()), seq0+i+1, 1, 1
		m["captured_at"] = at.Add(time.Duration(i) * time.Minute).Format(time.RFC3339Nano)
		list[i] = m
	}
	res := p.call("POST", "/v1/sync/push", "inspector", map[string]any{"ack_seq": 0, "mutations": list},
		"X-Device-Id", dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0", "X-Device-Time", time.Now().UTC().Format(time.RFC3339))
	if res.status != 200 {
		p.t.Fatalf("push: %d %s", res.status, res.body)
	}
	var out []string
	for _, r := range res.json()["results"].([]any) {
		out = append(out, r.(map[string]any)["status"].(string))
	}
	return out
}

func attachMut(inspection, id uuid.UUID, data []byte) map[string]any {
	return map[string]any{"name": "photo.attach", "args": map[string]any{"id": id, "inspection_id": inspection,
		"sha256": hexSum(data), "size": len(data), "content_type": "image/jpeg"}}
}

// TestPhotoDiscardEndsUploads is issue 11 item 8 over real HTTP on MinIO
// and the local-disk store: discarding a draft through sync takes its
// photos with it. A verified photo is no longer served and gets no
// thumbnails; a planned single PUT whose bytes arrived, and a multipart
// upload with a part in, both answer 409 photo_discarded to plan and
// complete; after commit the sweep aborts the multipart upload and deletes
// the staged bytes, and garbage collection takes the unreferenced blob.
func TestPhotoDiscardEndsUploads(t *testing.T) {
	photoStores(t, func(t *testing.T, p *photoHarness) {
		ctx := context.Background()
		insp := uuid.Must(uuid.NewV7())
		verified, single, multi := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
		dv, ds, dm := photoBytes(t, 64<<10), photoBytes(t, 64<<10), photoBytes(t, 6<<20)
		got := p.push(0,
			map[string]any{"name": "inspection.start", "args": map[string]any{"id": insp, "vessel_id": p.ids["vessel-KARWAR"],
				"template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}},
			attachMut(insp, verified, dv), attachMut(insp, single, ds), attachMut(insp, multi, dm))
		for i, st := range got {
			if st != "applied" {
				t.Fatalf("mutation %d: %s", i, st)
			}
		}
		plan := p.call("POST", "/v1/photos", "inspector", planBody(verified, dv))
		p.putPlanned(plan.json(), dv)
		if r := p.call("POST", "/v1/photos/"+verified.String()+"/complete", "inspector", nil); r.status != 200 {
			t.Fatalf("complete: %d %s", r.status, r.body)
		}
		plan = p.call("POST", "/v1/photos", "inspector", planBody(single, ds))
		p.putPlanned(plan.json(), ds) // the bytes are in; complete was never called
		plan = p.call("POST", "/v1/photos", "inspector", planBody(multi, dm))
		if plan.status != 200 || plan.json()["method"] != "multipart" {
			t.Fatalf("multipart plan: %d %s", plan.status, plan.body)
		}
		first := plan.json()
		first["parts"] = first["parts"].([]any)[:1] // one part in, then the app stops
		p.putPlanned(first, dm)
		var uploadID string
		p.must(p.db.Gorm.Raw(`SELECT upload_id FROM photo_uploads WHERE photo_id = ?`, multi).Scan(&uploadID).Error)

		if got := p.push(4, map[string]any{"name": "inspection.discard", "args": map[string]any{"inspection_id": insp}}); got[0] != "applied" {
			t.Fatalf("discard: %s", got[0])
		}

		if r := p.call("GET", "/v1/photos/"+verified.String(), "inspector", nil); r.status != 404 {
			t.Errorf("GET a discarded inspection's photo: %d %s, want 404", r.status, r.body)
		}
		for _, c := range []struct {
			id   uuid.UUID
			data []byte
		}{{single, ds}, {multi, dm}} {
			if r := p.call("POST", "/v1/photos", "inspector", planBody(c.id, c.data)); r.status != 409 || r.json()["code"] != "photo_discarded" {
				t.Errorf("plan after discard: %d %s, want 409 photo_discarded", r.status, r.body)
			}
			if r := p.call("POST", "/v1/photos/"+c.id.String()+"/complete", "inspector", nil); r.status != 409 || r.json()["code"] != "photo_discarded" {
				t.Errorf("complete after discard: %d %s, want 409 photo_discarded", r.status, r.body)
			}
		}
		if n, err := p.svc.ProcessQueue(ctx, 4); err != nil || n != 0 {
			t.Errorf("thumbnail work after discard: %d photos claimed (%v), want none", n, err)
		}

		// After commit, the sweep (the worker's every cycle, and housekeeping) ends the uploads in the store.
		if _, err := p.svc.EndUploads(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := p.store.ListParts(ctx, blob.StagingKey(multi.String()), uploadID); !errors.Is(err, blob.ErrNotFound) {
			t.Errorf("multipart upload after discard: %v, want aborted (ErrNotFound)", err)
		}
		if ok, err := p.store.Exists(ctx, blob.StagingKey(single.String()+".single")); err != nil || ok {
			t.Errorf("staged single PUT after discard: exists %v (%v), want deleted", ok, err)
		}
		// A week later nothing references the verified bytes: GC takes them
		// from where their upload put them.
		var dvKey string
		p.must(p.db.Gorm.Raw(`SELECT object_key FROM blobs WHERE sha256 = ?`, hexSum(dv)).Scan(&dvKey).Error)
		if ok, err := p.store.Exists(ctx, dvKey); err != nil || !ok {
			t.Fatalf("the verified bytes of a discarded photo before GC: at %q exists %v (%v)", dvKey, ok, err)
		}
		if _, err := p.svc.Housekeep(ctx, time.Now().Add(8*24*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if ok, err := p.store.Exists(ctx, dvKey); err != nil || ok {
			t.Errorf("content of a discarded photo after GC: exists %v (%v), want collected", ok, err)
		}
		var blobs int64
		p.must(p.db.Gorm.Raw(`SELECT count(*) FROM blobs WHERE sha256 = ?`, hexSum(dv)).Scan(&blobs).Error)
		if blobs != 0 {
			t.Errorf("blob row of a discarded photo after GC: %d, want 0", blobs)
		}
		if r := p.call("POST", "/v1/photos/"+multi.String()+"/complete", "inspector", nil); r.status != 409 || r.json()["code"] != "photo_discarded" {
			t.Errorf("complete after the sweep: %d %s, want 409 photo_discarded", r.status, r.body)
		}
	})
}

// pushAs is push from the device of a given token.
func (p *photoHarness) pushAs(token string, seq0 int, muts ...map[string]any) []string {
	p.t.Helper()
	saved := p.tokens["inspector"]
	p.tokens["inspector"] = token
	defer func() { p.tokens["inspector"] = saved }()
	return p.push(seq0, muts...)
}

// TestPhotoDiscardLostToEditBringsPhotosBack: a discard that loses to an
// edit from another device that had not seen it (docs/SYNC.md §4)
// brings the draft back, and its photos with it — evidence is never lost
// silently — while a photo removed before stays removed.
func TestPhotoDiscardLostToEditBringsPhotosBack(t *testing.T) {
	p := newPhotoHarness(t, "minio", nil)
	other := p.do("POST", "/v1/auth/login", "", map[string]any{"email": "inspector@test.tindal", "password": testPassword,
		"installation_id": "second-phone"}).json()["access_token"].(string)
	insp, id := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	data := photoBytes(t, 64<<10)
	p.push(0, map[string]any{"name": "inspection.start", "args": map[string]any{"id": insp, "vessel_id": p.ids["vessel-KARWAR"],
		"template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"}}, attachMut(insp, id, data))
	plan := p.call("POST", "/v1/photos", "inspector", planBody(id, data))
	p.putPlanned(plan.json(), data)
	if r := p.call("POST", "/v1/photos/"+id.String()+"/complete", "inspector", nil); r.status != 200 {
		t.Fatalf("complete: %d %s", r.status, r.body)
	}
	p.push(2, map[string]any{"name": "inspection.discard", "args": map[string]any{"inspection_id": insp}})
	if r := p.call("GET", "/v1/photos/"+id.String(), "inspector", nil); r.status != 404 {
		t.Fatalf("GET after discard: %d", r.status)
	}
	// The second phone edits the draft, based on the version before the discard.
	if got := p.pushAs(other, 0, map[string]any{"name": "inspection.edit", "args": map[string]any{"inspection_id": insp, "notes": "still here"}}); got[0] == "rejected" {
		t.Fatalf("edit from the second phone: %v", got)
	}
	r := p.call("GET", "/v1/photos/"+id.String(), "inspector", nil)
	if r.status != 200 || r.json()["state"] != "verified" || r.json()["urls"].(map[string]any)["original"] == nil {
		t.Fatalf("GET after the discard lost: %d %s, want the verified photo back", r.status, r.body)
	}
}

// TestPhotoSingleUploadNeverCompletedExpires: bytes a single PUT staged
// but nobody completed are removed after 24 hours; complete then answers
// upload_expired and a new plan starts afresh.
func TestPhotoSingleUploadNeverCompletedExpires(t *testing.T) {
	p := newPhotoHarness(t, "minio", nil)
	ctx := context.Background()
	data := photoBytes(t, 64<<10)
	id := p.attach(data)
	p.putPlanned(p.call("POST", "/v1/photos", "inspector", planBody(id, data)).json(), data)
	if _, err := p.svc.Housekeep(ctx, time.Now().Add(25*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if ok, err := p.store.Exists(ctx, blob.StagingKey(id.String()+".single")); err != nil || ok {
		t.Errorf("staged bytes after 24 hours: exists %v (%v)", ok, err)
	}
	if r := p.call("POST", "/v1/photos/"+id.String()+"/complete", "inspector", nil); r.status != 409 || r.json()["code"] != "upload_expired" {
		t.Errorf("complete after expiry: %d %s, want 409 upload_expired", r.status, r.body)
	}
	plan := p.call("POST", "/v1/photos", "inspector", planBody(id, data))
	if plan.status != 200 || plan.json()["status"] != "upload" {
		t.Fatalf("new plan: %d %s", plan.status, plan.body)
	}
	p.putPlanned(plan.json(), data)
	if r := p.call("POST", "/v1/photos/"+id.String()+"/complete", "inspector", nil); r.status != 200 || r.json()["state"] != "verified" {
		t.Errorf("complete of the new plan: %d %s", r.status, r.body)
	}
}
