package api_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// TestPenaltyAppealPhotos (issue 22 item 4), over HTTP with MinIO: the
// owner records two photos of the notice's finding through the photo path
// and files an appeal with them: 201 with photo_ids, and the notice shows
// them on the appeal. A photo that is not the caller's verified photo of
// the notice's inspection (the inspector's, one still uploading, one
// already on an appeal) is the 422 field error photo_ids and writes
// nothing; the same request again makes no second appeal. The notice's
// answer keeps its nulls (appeal route, decided_by, previous, next_cursor).
func TestPenaltyAppealPhotos(t *testing.T) {
	p := newPhotoHarness(t, "minio", nil)
	p.addOwnerUser("owner-mangaluru", "MANGALURU")
	ins := p.pusher("inspector")
	at := testkit.Now().Add(-2 * time.Hour)
	insp, inspectorPhoto := uuid.Must(uuid.NewV7()), uuid.Must(uuid.NewV7())
	ins.push(at, "inspection.start", map[string]any{"id": insp, "vessel_id": p.ids["vessel-KARWAR"],
		"template_id": checklist.TemplateID("ka-form2-annex", 1), "kind": "routine"})
	for i, f := range []finding{{code: rules.CodeExtinguisherMissing}, {code: rules.CodePassengerNoLifejacket, persons: 1}} {
		args := map[string]any{"id": uuid.Must(uuid.NewV7()), "inspection_id": insp, "code": string(f.code)}
		if f.persons > 0 {
			args["persons"] = f.persons
		}
		ins.push(at.Add(time.Duration(i+1)*time.Second), "finding.record", args)
	}
	var fids string
	p.row(&fids, "SELECT id::text FROM findings WHERE inspection_id = ? ORDER BY id LIMIT 1", insp)
	fid := uuid.MustParse(fids)
	shot := photoBytes(t, 1900)
	if r := ins.push(at.Add(time.Minute), "photo.attach", map[string]any{"id": inspectorPhoto, "inspection_id": insp,
		"finding_id": fid, "sha256": hexSum(shot), "size": len(shot), "content_type": "image/jpeg"}); r.Status != "applied" {
		t.Fatalf("inspector's photo: %+v", r)
	}
	p.upload("inspector", inspectorPhoto, shot)
	ins.push(at.Add(2*time.Minute), "inspection.submit", map[string]any{"inspection_id": insp})
	n := p.approve(insp)
	first, pax := lineOf(n, "KA-F09", "owner", ""), lineOf(n, "KA-F10", "passenger", "")

	shots := make([]uuid.UUID, 4)
	for i := range shots {
		shots[i] = uuid.Must(uuid.NewV7())
		data := photoBytes(t, 2000+i)
		if r := p.do("POST", "/v1/findings/"+fid.String()+"/photos", "owner", planBody(shots[i], data)); r.status != 200 {
			t.Fatalf("owner records photo %d: %d %s", i, r.status, r.body)
		}
		if i < 3 { // the last one is recorded, never uploaded
			p.upload("owner", shots[i], data)
		}
	}
	appeal := func(who, penalty string, photos ...uuid.UUID) response {
		t.Helper()
		body := map[string]any{"penalty_id": penalty, "grounds": "the extinguisher was on board"}
		if photos != nil {
			body["photo_ids"] = photos
		}
		return p.do("POST", "/v1/penalty-notices/"+n.ID+"/appeals", who, body)
	}
	refused := map[string][]uuid.UUID{
		"a photo still uploading": {shots[0], shots[3]},
		"an unknown id":           {shots[0], uuid.New()},
		"the inspector's photo":   {inspectorPhoto},
	}
	for name, ids := range refused {
		r := appeal("owner", first.PenaltyID, ids...)
		if code, _ := fieldError(r, "photo_ids"); r.status != 422 || code != "photo_not_verified" {
			t.Errorf("%s: %d %s, want 422 photo_not_verified", name, r.status, r.body)
		}
	}
	for who, want := range map[string]int{"owner-mangaluru": 404, "inspector": 403, "supervisor": 403, "": 401} {
		if r := appeal(who, first.PenaltyID, shots[0]); r.status != want {
			t.Errorf("%q appeals with the owner's photo: %d, want %d", who, r.status, want)
		}
	}
	if c := p.count("penalty_appeals"); c != 0 {
		t.Fatalf("refused appeals wrote %d rows", c)
	}

	r := appeal("owner", first.PenaltyID, shots[1], shots[0])
	want := []any{shots[0].String(), shots[1].String()}
	if r.status != 201 || !equalAny(r.json()["photo_ids"], want) {
		t.Fatalf("appeal with two photos: %d %s", r.status, r.body)
	}
	if again := appeal("owner", first.PenaltyID, shots[1], shots[0]); again.status != 409 || p.count("penalty_appeals") != 1 {
		t.Errorf("the same request again: %d %s, %d appeals", again.status, again.body, p.count("penalty_appeals"))
	}
	other := appeal("owner", pax.PenaltyID, shots[0], shots[2])
	if code, _ := fieldError(other, "photo_ids"); other.status != 422 || code != "photo_attached" {
		t.Errorf("a photo of another appeal: %d %s", other.status, other.body)
	}
	if r := appeal("owner", pax.PenaltyID); r.status != 201 || !equalAny(r.json()["photo_ids"], []any{}) {
		t.Errorf("an appeal without photos: %d %s", r.status, r.body)
	}

	raw := p.do("GET", "/v1/penalty-notices/"+n.ID, "owner", nil)
	var got struct {
		Appeals []struct {
			PenaltyID string          `json:"penalty_id"`
			PhotoIDs  []string        `json:"photo_ids"`
			DecidedBy json.RawMessage `json:"decided_by"`
		} `json:"appeals"`
	}
	p.must(json.Unmarshal(raw.body, &got))
	if len(got.Appeals) != 2 || got.Appeals[0].PenaltyID != first.PenaltyID || len(got.Appeals[0].PhotoIDs) != 2 ||
		string(got.Appeals[0].DecidedBy) != "null" {
		t.Errorf("the notice's appeals: %s", raw.body)
	}
	for _, null := range []string{`"decided_by":null`, `"decided_at":null`, `"previous":null`} {
		if !strings.Contains(string(raw.body), null) {
			t.Errorf("the notice lost %s: %s", null, raw.body)
		}
	}
	if l := p.do("GET", "/v1/penalty-notices?inspection_id="+insp.String(), "owner", nil); !strings.Contains(string(l.body), `"next_cursor":null`) {
		t.Errorf("the list lost next_cursor null: %s", l.body)
	}
	var linked int64
	p.row(&linked, "SELECT count(*) FROM photos WHERE appeal_id IS NOT NULL")
	if linked != 2 {
		t.Errorf("%d photos linked to appeals, want 2", linked)
	}
	if r := p.do("GET", "/v1/penalty-notices/"+n.ID, "owner-mangaluru", nil); r.status != 404 {
		t.Errorf("another owner reads the appeal's notice: %d", r.status)
	}
}

// equalAny compares decoded JSON values.
func equalAny(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
