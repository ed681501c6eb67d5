package api_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/storage/blob"
)

// call sends a JSON request over the harness's real listener and checks
// the answer against the contract, like do does in memory.
func (p *photoHarness) call(method, path, user string, body any, headers ...string) response {
	p.t.Helper()
	var raw []byte
	if body != nil {
		raw, _ = json.Marshal(body)
	}
	hdr := map[string]any{}
	if raw != nil {
		hdr["Content-Type"] = "application/json"
	}
	for i := 0; i+1 < len(headers); i += 2 {
		hdr[headers[i]] = headers[i+1]
	}
	r := p.httpDo(method, path, user, bytes.NewReader(raw), int64(len(raw)), hdr)
	req, err := http.NewRequest(method, p.base+path, bytes.NewReader(raw))
	p.must(err)
	for k, v := range hdr {
		req.Header.Set(k, v.(string))
	}
	req.Header.Set("Authorization", "Bearer "+p.tokens[user])
	p.validate(req, raw, r)
	return r
}

// addInspector creates and logs in another inspector of jurisdiction code.
func (p *photoHarness) addInspector(label, code string) {
	p.t.Helper()
	u, err := p.auth.CreateUser(context.Background(), storage.Actor{}, auth.NewUser{Email: label + "@test.tindal", Name: label,
		Role: models.RoleInspector, Password: testPassword, Jurisdictions: []uuid.UUID{p.ids[code]}, AssignedFrom: assignedLongAgo})
	p.must(err)
	p.ids[label] = u.ID
	p.tokens[label] = p.login(u.Email)
}

// inspectionOf starts an inspection by the labelled inspector of a vessel
// of jurisdiction code, as inspection.start would.
func (p *photoHarness) inspectionOf(user, code string) uuid.UUID {
	p.t.Helper()
	id := uuid.New()
	p.must(p.db.Gorm.Exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id,
		rule_set_id, kind, started_at, lat, lon) SELECT ?, ?, u.id, ?, ?, ?, 'KA-IV-2025', 'routine', now(), 14.8, 74.12
		FROM users u WHERE u.email = ?`, id, p.ids["vessel-"+code], p.ids[code], p.ids["owner-"+code], p.ids["tpl"],
		user+"@test.tindal").Error)
	return id
}

// attachTo inserts the photo row an applied photo.attach by the
// inspection's inspector creates.
func (p *photoHarness) attachTo(inspection uuid.UUID, data []byte) uuid.UUID {
	p.t.Helper()
	id := uuid.New()
	p.must(p.db.Gorm.Exec(`INSERT INTO photos (id, inspection_id, sha256, size, content_type, uploaded_by, jurisdiction_id, owner_id, inspector_id)
		SELECT ?, id, ?, ?, 'image/jpeg', inspector_id, jurisdiction_id, owner_id, inspector_id FROM inspections WHERE id = ?`,
		id, hexSum(data), len(data), inspection).Error)
	return id
}

// putPlanned uploads data as the plan says (single or multipart).
func (p *photoHarness) putPlanned(plan map[string]any, data []byte) {
	p.t.Helper()
	send := func(req map[string]any, body []byte) {
		hdr := map[string]any{}
		if hs, ok := req["headers"].(map[string]any); ok {
			for k, v := range hs {
				hdr[k] = v
			}
		}
		if r := p.httpDo("PUT", req["url"].(string), "", bytes.NewReader(body), int64(len(body)), hdr); r.status != 200 {
			p.t.Fatalf("presigned PUT: %d %s", r.status, r.body)
		}
	}
	if put, ok := plan["put"].(map[string]any); ok {
		send(put, data)
		return
	}
	size := int(plan["part_size"].(float64))
	for _, pt := range plan["parts"].([]any) {
		part := pt.(map[string]any)
		lo := (int(part["number"].(float64)) - 1) * size
		send(part, data[lo:min(lo+size, len(data))])
	}
}

// photoBytes is a JPEG unique to this call, of at least n bytes.
func photoBytes(t *testing.T, n int) []byte {
	data := append([]byte{}, fixture(t, "no_exif.jpg")...)
	pad := make([]byte, max(n-len(data), 1024))
	_, _ = rand.Read(pad)
	return append(data, pad...)
}

// TestPhotoHashIsNoPassword is the attack of issue 10 item 3 as a scenario
// table over real HTTP, on MinIO and on the local-disk store: an inspector
// of Mangaluru attaches the SHA-256 of a photo Karwar verified, skips the
// upload and completes. The upload must prove it wrote its own bytes
// (docs/PHOTOS.md), so that is 409 not_uploaded and no download URL, while
// dedupe inside Karwar and every honest upload keep working.
func TestPhotoHashIsNoPassword(t *testing.T) {
	const multipartSize = 6 << 20 // over photo.SingleMax: a multipart plan
	type scenario struct {
		name    string
		user    string // who attaches the victim's bytes
		code    string // of the inspection they attach to
		size    int    // of the victim's photo
		upload  bool   // whether the attacker sends the bytes
		expire  bool   // the store drops the unfinished multipart upload first (a bucket lifecycle rule, an operator)
		plan    string // the plan status wanted
		status  int    // of complete
		problem string // of complete
	}
	scenarios := []scenario{
		{name: "other jurisdiction, single plan, no upload", user: "inspector-mangaluru", code: "MANGALURU", size: 64 << 10,
			plan: "upload", status: 409, problem: "not_uploaded"},
		{name: "other jurisdiction, multipart plan aborted, no upload", user: "inspector-mangaluru", code: "MANGALURU", size: multipartSize,
			expire: true, plan: "upload", status: 409, problem: "upload_expired"},
		{name: "other jurisdiction, single plan, own upload", user: "inspector-mangaluru", code: "MANGALURU", size: 64 << 10,
			upload: true, plan: "upload", status: 200},
		{name: "other jurisdiction, multipart plan, own upload", user: "inspector-mangaluru", code: "MANGALURU", size: multipartSize,
			upload: true, plan: "upload", status: 200},
		{name: "same jurisdiction, colleague", user: "inspector-karwar-2", code: "KARWAR", size: 64 << 10, plan: "linked", status: 200},
		{name: "same user, another inspection", user: "inspector", code: "KARWAR", size: 64 << 10, plan: "linked", status: 200},
	}
	photoStores(t, func(t *testing.T, p *photoHarness) {
		p.addInspector("inspector-karwar-2", "KARWAR")
		for _, sc := range scenarios {
			t.Run(sc.name, func(t *testing.T) {
				p := &photoHarness{harness: p.with(t), base: p.base, store: p.store, svc: p.svc}
				data := photoBytes(t, sc.size)
				// The victim: Karwar's inspector uploads and verifies the bytes (the honest flow).
				victim := p.attachTo(p.ids["inspection"], data)
				plan := p.call("POST", "/v1/photos", "inspector", planBody(victim, data))
				if plan.status != 200 || plan.json()["status"] != "upload" {
					t.Fatalf("victim plan: %d %s", plan.status, plan.body)
				}
				p.putPlanned(plan.json(), data)
				if r := p.call("POST", "/v1/photos/"+victim.String()+"/complete", "inspector", nil); r.status != 200 || r.json()["state"] != "verified" {
					t.Fatalf("victim complete: %d %s", r.status, r.body)
				}

				id := p.attachTo(p.inspectionOf(sc.user, sc.code), data)
				plan = p.call("POST", "/v1/photos", sc.user, planBody(id, data))
				if plan.status != 200 || plan.json()["status"] != sc.plan {
					t.Fatalf("plan: %d %s, want status %s", plan.status, plan.body, sc.plan)
				}
				if sc.upload {
					p.putPlanned(plan.json(), data)
				}
				if sc.expire {
					var uploadID string
					p.must(p.db.Gorm.Raw(`SELECT upload_id FROM photo_uploads WHERE photo_id = ?`, id).Scan(&uploadID).Error)
					if err := p.store.AbortMultipart(context.Background(), blob.StagingKey(id.String()), uploadID); err != nil {
						t.Fatal(err)
					}
				}
				res := p.call("POST", "/v1/photos/"+id.String()+"/complete", sc.user, nil)
				if res.status != sc.status || (sc.problem != "" && res.json()["code"] != sc.problem) {
					t.Fatalf("complete: %d %s, want %d %s", res.status, res.body, sc.status, sc.problem)
				}
				got := p.call("GET", "/v1/photos/"+id.String(), sc.user, nil)
				if got.status != 200 {
					t.Fatalf("GET photo: %d %s", got.status, got.body)
				}
				urls, _ := got.json()["urls"].(map[string]any)
				if sc.status != 200 {
					if got.json()["state"] != "pending_upload" || urls["original"] != nil {
						t.Fatalf("a photo nobody uploaded is %v with URLs %v: the hash worked as a password", got.json()["state"], urls)
					}
					return
				}
				if got.json()["state"] != "verified" || urls["original"] == nil {
					t.Fatalf("GET photo: %s", got.body)
				}
				orig := p.httpDo("GET", urls["original"].(map[string]any)["url"].(string), "", nil, 0, nil)
				if orig.status != 200 || !bytes.Equal(orig.body, data) {
					t.Errorf("download: %d, %d bytes", orig.status, len(orig.body))
				}
			})
		}
	})
}
