package sync_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/rules"
	tsync "github.com/tindal/tindal/sync"
)

// Issue 15: one inspection may use several templates, each answer keyed by
// template and item.
var (
	form2v2   = checklist.TemplateID("ka-form2-annex", 2)
	schIX     = checklist.TemplateID("ka-detention-criteria", 1)
	zone1Only = checklist.TemplateID("ka-zone1-equipment", 1)
)

func (f *fixture) startV2(dev string, id, vessel uuid.UUID, at time.Time, templates ...uuid.UUID) tsync.Mutation {
	m := f.mut(dev, "inspection.start", 0, at, map[string]any{"id": id, "vessel_id": vessel, "template_ids": templates, "kind": "routine"})
	m.Version = 2
	return m
}

func (f *fixture) answerV2(dev string, insp, template uuid.UUID, item, ans string, at time.Time) tsync.Mutation {
	m := f.mut(dev, "inspection.answer", 1, at, map[string]any{"inspection_id": insp, "template_id": template, "item_id": item, "answer": ans})
	m.Version = 2
	return m
}

func fieldsOf(r tsync.Result) string {
	var out []string
	for _, e := range r.Errors {
		out = append(out, e.Field+":"+e.Code+":"+e.Message)
	}
	return strings.Join(out, "; ")
}

// An equipment inspection (Form-2 annex) with the Schedule-IX detention
// assessment, pushed as one inspection: the "no" answers of both templates
// raise their codes, and the detention proposal names the detainable ones
// of both (Karnataka 2025, Sch-IX para 2.2; loaded freeboard, r.120,
// r.126(7), Sch-IV row 5).
func TestInspectionWithTwoTemplatesEvaluatesBoth(t *testing.T) {
	f := newFixture(t)
	f.user("ins", "inspector", f.jur, ago(400*24*time.Hour))
	f.device("d1", "ins")
	id, at := uuid.Must(uuid.NewV7()), ago(time.Hour)
	res := f.push("d1",
		f.startV2("d1", id, f.vessel, at, form2v2, schIX),
		f.answerV2("d1", id, form2v2, "fire.extinguishers", "no", at.Add(time.Minute)),
		f.answerV2("d1", id, form2v2, "freeboard.loaded", "no", at.Add(2*time.Minute)),
		f.answerV2("d1", id, schIX, "det.navigate", "no", at.Add(3*time.Minute)),
		f.answerV2("d1", id, schIX, "det.fire", "yes", at.Add(4*time.Minute)),
		// v1 still answers the primary template, the same row as v2 naming it.
		f.answer("d1", id, "fire.buckets", "yes", 1, at.Add(5*time.Minute)),
	)
	wantStatuses(t, res, "applied", "applied", "applied", "applied", "applied", "applied")

	var ids []string
	var raw string
	f.db.Gorm.Raw("SELECT template_ids::text FROM inspections WHERE id = ?", id).Scan(&raw)
	if err := json.Unmarshal([]byte(raw), &ids); err != nil || !slices.Equal(ids, []string{form2v2.String(), schIX.String()}) {
		t.Fatalf("template_ids = %s (%v), want the primary then the Sch-IX template", raw, err)
	}
	for _, c := range []struct {
		template uuid.UUID
		item     string
		id       uuid.UUID
	}{{form2v2, "fire.extinguishers", inspect.AnswerID(id, "fire.extinguishers")}, {form2v2, "fire.buckets", inspect.AnswerID(id, "fire.buckets")},
		{schIX, "det.navigate", inspect.AnswerIDFor(id, form2v2, schIX, "det.navigate")}} {
		if n := f.count("SELECT count(*) FROM inspection_answers WHERE id = ? AND template_id = ? AND item_id = ?", c.id, c.template, c.item); n != 1 {
			t.Errorf("answer %s/%s: %d rows with the derived id", c.template, c.item, n)
		}
	}
	if inspect.AnswerIDFor(id, form2v2, schIX, "det.navigate") == inspect.AnswerID(id, "det.navigate") {
		t.Error("an extra template's answer id must not be the primary's")
	}

	for _, code := range []rules.Code{rules.CodeExtinguisherMissing, rules.CodeLoadedFreeboardInsufficient, rules.CodeDetainNavigation} {
		if n := f.count("SELECT count(*) FROM findings WHERE inspection_id = ? AND code = ? AND deleted_at IS NULL", id, code); n != 1 {
			t.Errorf("code %s: %d live findings, want 1", code, n)
		}
	}
	if n := f.count("SELECT count(*) FROM findings WHERE inspection_id = ? AND code = ? AND deleted_at IS NULL", id, rules.CodeDetainFireFighting); n != 0 {
		t.Errorf("det.fire answered yes raised %s", rules.CodeDetainFireFighting)
	}
	var out struct {
		Proposed bool
		Outcome  string
	}
	f.db.Gorm.Raw("SELECT detention_proposed AS proposed, outcome::text AS outcome FROM inspections WHERE id = ?", id).Scan(&out)
	var d inspect.Derived
	if err := json.Unmarshal([]byte(out.Outcome), &d); err != nil {
		t.Fatal(err)
	}
	if !out.Proposed || !d.Detention.Proposed {
		t.Fatalf("detention not proposed: %+v", d.Detention)
	}
	for _, code := range []rules.Code{rules.CodeLoadedFreeboardInsufficient, rules.CodeDetainNavigation} {
		if !slices.Contains(d.Detention.Codes, code) {
			t.Errorf("detention codes %v lack %s", d.Detention.Codes, code)
		}
	}

	// Clearing the Sch-IX answer withdraws its code: recompute reads each
	// answer against its own template.
	res = f.push("d1", f.answerV2("d1", id, schIX, "det.navigate", "yes", at.Add(6*time.Minute)))
	wantStatuses(t, res, "applied")
	if n := f.count("SELECT count(*) FROM findings WHERE inspection_id = ? AND code = ? AND deleted_at IS NULL", id, rules.CodeDetainNavigation); n != 0 {
		t.Errorf("det.navigate answered yes still raises %s", rules.CodeDetainNavigation)
	}
}

// A v2 start is checked template by template: one that does not fit the
// vessel (a Zone-1 list on a Zone-3 boat, Karnataka 2025, r.46, r.47) is
// rejected naming its field and the rule, and nothing is written.
func TestStartV2RefusesATemplateThatDoesNotFit(t *testing.T) {
	f := newFixture(t)
	f.user("ins", "inspector", f.jur, ago(400*24*time.Hour))
	f.device("d1", "ins")
	id, at := uuid.Must(uuid.NewV7()), ago(time.Hour)
	res := f.push("d1", f.startV2("d1", id, f.vessel, at, form2v2, zone1Only))
	if res.Results[0].Status != "rejected" {
		t.Fatalf("status %s, want rejected: %+v", res.Results[0].Status, res.Results[0])
	}
	got := fieldsOf(res.Results[0])
	if !strings.Contains(got, "template_ids.1:template_not_applicable") || !strings.Contains(got, "r.46, r.47") {
		t.Errorf("errors %q do not name template_ids.1 and the rule r.46, r.47", got)
	}
	if n := f.count("SELECT count(*) FROM inspections WHERE id = ?", id); n != 0 {
		t.Errorf("%d inspections written by a rejected start", n)
	}
}

// v1 keeps working: one template, answers by item; a v2 answer naming a
// template the inspection does not use is rejected and writes nothing.
func TestV1StartAndAnswerV2ToATemplateNotOnTheInspection(t *testing.T) {
	f := newFixture(t)
	f.user("ins", "inspector", f.jur, ago(400*24*time.Hour))
	f.device("d1", "ins")
	id, at := uuid.Must(uuid.NewV7()), ago(time.Hour)
	res := f.push("d1", f.start("d1", id, f.vessel, at), f.answer("d1", id, "fire.buckets", "no", 1, at.Add(time.Minute)),
		f.answerV2("d1", id, schIX, "det.navigate", "no", at.Add(2*time.Minute)))
	if got := statuses(res); got[0] != "applied" || got[1] != "applied" || !strings.HasPrefix(got[2], "rejected") {
		t.Fatalf("statuses %v, want applied, applied, rejected", got)
	}
	if got := fieldsOf(res.Results[2]); !strings.Contains(got, "template_id:template_not_on_inspection") {
		t.Errorf("errors %q do not name template_id", got)
	}
	var ids []string
	var raw string
	f.db.Gorm.Raw("SELECT template_ids::text FROM inspections WHERE id = ?", id).Scan(&raw)
	if err := json.Unmarshal([]byte(raw), &ids); err != nil || !slices.Equal(ids, []string{form2.String()}) {
		t.Errorf("v1 template_ids = %s, want only its template", raw)
	}
	if n := f.count("SELECT count(*) FROM inspection_answers WHERE inspection_id = ?", id); n != 1 {
		t.Errorf("%d answers, want only the v1 one", n)
	}
	if n := f.count("SELECT count(*) FROM inspection_answers WHERE id = ? AND template_id = ?", inspect.AnswerID(id, "fire.buckets"), form2); n != 1 {
		t.Error("the v1 answer lost its id or its template")
	}
	if n := f.count("SELECT count(*) FROM findings WHERE inspection_id = ? AND code = ? AND deleted_at IS NULL", id, rules.CodeFireBucketMissing); n != 1 {
		t.Errorf("v1 answer no to fire.buckets did not raise %s", rules.CodeFireBucketMissing)
	}
}
