package api_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/checklist"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/testkit"
)

// recordResult is one push result with what a rejection names.
type recordResult struct {
	Status  string `json:"status"`
	Code    string `json:"code"`
	Message string `json:"message"`
	Errors  []struct{ Field, Code, Message string }
	Outcome *struct{ Status string } `json:"outcome"`
}

// recordPusher pushes mutations of any version as the inspector's device,
// one push per call, and keeps the device's seq.
type recordPusher struct {
	h   *harness
	dev string
	seq int
	at  time.Time
}

func (h *harness) recordPusher() *recordPusher {
	return &recordPusher{h: h, dev: h.deviceOf("inspector"), at: testkit.Now().Add(-time.Hour)}
}

// mut is a mutation with the next seq, captured a second after the last.
func (p *recordPusher) mut(name string, version int, args any) map[string]any {
	p.seq++
	return map[string]any{"id": uuid.Must(uuid.NewV7()), "seq": p.seq, "name": name, "version": version, "args": args, "base_version": 1,
		"captured_at": p.at.Add(time.Duration(p.seq) * time.Second).UTC().Format(time.RFC3339Nano)}
}

// send pushes the body as it is (a map, or raw bytes for bytes JSON
// cannot carry) and returns the HTTP answer.
func (p *recordPusher) send(body any) response {
	p.h.t.Helper()
	return p.h.do("POST", "/v1/sync/push", "inspector", body, "X-Device-Id", p.dev, "X-Protocol-Version", "1", "X-App-Version", "1.0.0",
		"X-Device-Time", testkit.Now().UTC().Format(time.RFC3339))
}

// push sends mutations and returns their results; the push must be 200.
func (p *recordPusher) push(ms ...map[string]any) []recordResult {
	p.h.t.Helper()
	list := make([]any, len(ms))
	for i, m := range ms {
		list[i] = m
	}
	return p.results(p.send(map[string]any{"ack_seq": 0, "mutations": list}))
}

func (p *recordPusher) results(r response) []recordResult {
	p.h.t.Helper()
	var out struct{ Results []recordResult }
	if r.status != 200 || json.Unmarshal(r.body, &out) != nil {
		p.h.t.Fatalf("push: %d %s", r.status, r.body)
	}
	return out.Results
}

// answerV3 is the args of an inspection.answer v3.
func answerV3(id, template uuid.UUID, item, answer string, record any) map[string]any {
	a := map[string]any{"inspection_id": id, "template_id": template, "item_id": item, "answer": answer}
	if record != nil {
		a["record"] = record
	}
	return a
}

// storedAnswer is an answer row as the database holds it.
type storedAnswer struct {
	Answer  string
	Note    string
	Record  *string
	Version int64
}

func (h *harness) storedAnswer(id uuid.UUID, item string) (storedAnswer, bool) {
	h.t.Helper()
	var rows []storedAnswer
	h.must(h.db.Gorm.Raw("SELECT answer, note, record::text AS record, version FROM inspection_answers WHERE inspection_id = ? AND item_id = ?", id, item).Scan(&rows).Error)
	if len(rows) == 0 {
		return storedAnswer{}, false
	}
	return rows[0], true
}

func sameRecordJSON(t *testing.T, got *string, want map[string]string) bool {
	t.Helper()
	if got == nil {
		return want == nil
	}
	var m map[string]string
	if err := json.Unmarshal([]byte(*got), &m); err != nil {
		t.Fatalf("stored record %q: %v", *got, err)
	}
	return fmt.Sprint(m) == fmt.Sprint(want)
}

var form2v2 = checklist.TemplateID("ka-form2-annex", 2)

// startForm2 starts an inspection of the Karwar vessel on the Annex to
// Form-2 (version 2, whose items record number or type, condition and
// location), with extra templates if given.
func (p *recordPusher) startForm2(extra ...uuid.UUID) uuid.UUID {
	p.h.t.Helper()
	id := uuid.Must(uuid.NewV7())
	m := p.mut("inspection.start", 1, map[string]any{"id": id, "vessel_id": p.h.ids["vessel-KARWAR"], "template_id": form2v2, "kind": "routine"})
	if len(extra) > 0 {
		m = p.mut("inspection.start", 2, map[string]any{"id": id, "vessel_id": p.h.ids["vessel-KARWAR"],
			"template_ids": append([]uuid.UUID{form2v2}, extra...), "kind": "routine"})
	}
	if r := p.push(m); r[0].Status != "applied" {
		p.h.t.Fatalf("start: %+v", r[0])
	}
	return id
}

// Karnataka 2025, Sch-I Annex to Form-2 records, for each piece of
// equipment, its number or type, condition and location (docs/LAW.md §4.5):
// inspection.answer v3 carries them as a record, stored on the answer row
// and served by GET /v1/inspections/{id} and the pull; an answer without
// one (v2, or v3 without record) has none. A record-only item (no code,
// "Maximum passengers by deck or space") stores its record and raises
// nothing, whatever its answer.
func TestAnswerRecordIsStoredServedAndPulled(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.recordPusher()
	id := p.startForm2()
	kannada := strings.Repeat("ಕ", 200) // 200 characters (600 bytes): at the bound
	ext := map[string]string{"number_or_type": "2 × 9 kg DCP", "condition": "charged", "location": "wheelhouse"}
	pax := map[string]string{"deck_or_space": "main deck", "maximum_passengers": kannada}
	note := "hose cracked: replace before monsoon"
	withNote := answerV3(id, form2v2, "fire.extinguishers", "yes", ext)
	withNote["note"] = note
	res := p.push(p.mut("inspection.answer", 3, withNote),
		p.mut("inspection.answer", 3, answerV3(id, form2v2, "pax.distribution", "no", pax)),
		p.mut("inspection.answer", 2, map[string]any{"inspection_id": id, "template_id": form2v2, "item_id": "nav.lights", "answer": "yes"}),
		p.mut("inspection.answer", 3, answerV3(id, form2v2, "nav.sound", "yes", nil)))
	for i, r := range res {
		if r.Status != "applied" {
			t.Fatalf("answer %d: %+v", i, r)
		}
	}
	for item, want := range map[string]map[string]string{"fire.extinguishers": ext, "pax.distribution": pax, "nav.lights": nil, "nav.sound": nil} {
		got, ok := h.storedAnswer(id, item)
		if !ok || !sameRecordJSON(t, got.Record, want) {
			t.Errorf("%s: stored record %v, want %v", item, got.Record, want)
		}
	}
	if got, _ := h.storedAnswer(id, "fire.extinguishers"); got.Note != note {
		t.Errorf("note %q, want the free text kept beside the record", got.Note)
	}
	// The record-only item raised nothing, though answered "no".
	var checklist int64
	h.must(h.db.Gorm.Raw("SELECT count(*) FROM findings WHERE inspection_id = ? AND source = 'checklist'", id).Scan(&checklist).Error)
	if checklist != 0 {
		t.Errorf("%d checklist findings from a record-only item and yes answers", checklist)
	}

	r := h.do("GET", "/v1/inspections/"+id.String(), "inspector", nil)
	var view struct {
		Answers []struct {
			ItemID string             `json:"item_id"`
			Record *map[string]string `json:"record"`
		} `json:"answers"`
	}
	if r.status != 200 || json.Unmarshal(r.body, &view) != nil {
		t.Fatalf("GET inspection: %d %s", r.status, r.body)
	}
	served := map[string]*map[string]string{}
	for _, a := range view.Answers {
		served[a.ItemID] = a.Record
	}
	if rec := served["fire.extinguishers"]; rec == nil || fmt.Sprint(*rec) != fmt.Sprint(ext) {
		t.Errorf("GET record of fire.extinguishers %v, want %v", rec, ext)
	}
	if rec, ok := served["nav.lights"]; !ok || rec != nil {
		t.Errorf("GET record of a v2 answer %v (listed %v), want none", rec, ok)
	}
	if strings.Contains(string(r.body), `"record":null`) {
		t.Errorf("GET sends a null record; absent when none: %s", r.body)
	}

	pulled := map[string]map[string]any{}
	for _, d := range h.pullPages("inspector")["inspection_answer"] {
		pulled[fmt.Sprint(d["item_id"])] = d
	}
	if rec, _ := pulled["pax.distribution"]["record"].(map[string]any); rec["maximum_passengers"] != kannada || rec["deck_or_space"] != "main deck" {
		t.Errorf("pulled record of pax.distribution %v, want %v", pulled["pax.distribution"]["record"], pax)
	}
	if rec, ok := pulled["nav.lights"]["record"]; !ok || rec != nil {
		t.Errorf("pulled record of a v2 answer %v (present %v), want null", rec, ok)
	}
}

// The record is part of the answer row, like the note: a later v2 answer
// (no record) keeps it, a v3 answer without record keeps it, a v3 record
// replaces it whole, {} clears it. The same mutation sent again applies
// once and answers replayed.
func TestAnswerRecordEditsAndRetries(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.recordPusher()
	id := p.startForm2()
	first := map[string]string{"number_or_type": "4 lifebuoys", "condition": "good", "location": "rails"}
	m := p.mut("inspection.answer", 3, answerV3(id, form2v2, "lsa.lifebuoys", "yes", first))
	if r := p.push(m); r[0].Status != "applied" {
		t.Fatalf("v3 answer: %+v", r[0])
	}
	if r := p.push(m); r[0].Status != "replayed" || r[0].Outcome == nil || r[0].Outcome.Status != "applied" {
		t.Fatalf("the same mutation again: %+v, want replayed applied", r[0])
	}
	if got, _ := h.storedAnswer(id, "lsa.lifebuoys"); got.Version != 1 || !sameRecordJSON(t, got.Record, first) {
		t.Fatalf("after the retry: version %d record %v, want version 1 and %v", got.Version, got.Record, first)
	}
	var audits int64
	h.must(h.db.Gorm.Raw("SELECT count(*) FROM audit_log WHERE action = 'inspection.answer' AND entity_id = ?", inspect.AnswerID(id, "lsa.lifebuoys")).Scan(&audits).Error)
	if audits != 1 {
		t.Errorf("%d audit entries for one answer sent twice", audits)
	}

	second := map[string]string{"number_or_type": "3 lifebuoys", "condition": "one missing"}
	steps := []struct {
		name    string
		version int
		args    map[string]any
		answer  string
		want    map[string]string
	}{
		{"v2 answer keeps the record", 2, map[string]any{"inspection_id": id, "template_id": form2v2, "item_id": "lsa.lifebuoys", "answer": "no", "note": "one short"}, "no", first},
		{"v3 without record keeps it", 3, answerV3(id, form2v2, "lsa.lifebuoys", "yes", nil), "yes", first},
		{"v3 null record keeps it", 3, answerV3(id, form2v2, "lsa.lifebuoys", "no", json.RawMessage("null")), "no", first},
		{"v3 record replaces it whole", 3, answerV3(id, form2v2, "lsa.lifebuoys", "no", second), "no", second},
		{"v3 empty record clears it", 3, answerV3(id, form2v2, "lsa.lifebuoys", "no", map[string]string{}), "no", nil},
	}
	for _, s := range steps {
		if r := p.push(p.mut("inspection.answer", s.version, s.args)); r[0].Status != "applied" {
			t.Fatalf("%s: %+v", s.name, r[0])
		}
		got, _ := h.storedAnswer(id, "lsa.lifebuoys")
		if got.Answer != s.answer || !sameRecordJSON(t, got.Record, s.want) {
			t.Errorf("%s: answer %q record %v, want %q %v", s.name, got.Answer, got.Record, s.answer, s.want)
		}
	}
	if got, _ := h.storedAnswer(id, "lsa.lifebuoys"); got.Note != "one short" {
		t.Errorf("note %q: a v3 answer without note keeps it", got.Note)
	}
}

// A record that does not fit is refused, naming the field, with nothing
// written: a name the item does not record (listing those it does), an
// item or a template version that records nothing, a value over 200
// characters, NUL or bytes that are not UTF-8, a value that is not a
// string, and a record on v1 or v2 (unchanged: no record there).
func TestAnswerRecordRefusals(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.recordPusher()
	bare := bareTemplate(t, h)
	id := p.startForm2(bare.ID)
	ok := map[string]string{"number_or_type": "1", "condition": "good", "location": "bow"}
	with := func(k string, v any) map[string]any {
		r := map[string]any{}
		for a, b := range ok {
			r[a] = b
		}
		r[k] = v
		return r
	}
	v1 := map[string]any{"inspection_id": id, "item_id": "fire.buckets", "answer": "yes", "record": ok}
	v2 := map[string]any{"inspection_id": id, "template_id": form2v2, "item_id": "fire.buckets", "answer": "yes", "record": ok}
	cases := []struct {
		name       string
		version    int
		args       map[string]any
		code       string
		field      string
		fieldCode  string
		messageHas string
	}{
		{"Annex to Form-2: a name the item does not record", 3, answerV3(id, form2v2, "fire.buckets", "yes", with("colour", "red")),
			"validation_failed", "record.colour", "unknown_record_field", "number_or_type, condition, location"},
		{"machinery records horse power, not number or type", 3, answerV3(id, form2v2, "mach.main", "yes", map[string]string{"number_or_type": "1"}),
			"validation_failed", "record.number_or_type", "unknown_record_field", "horse_power, type_or_condition, location"},
		{"an item that records nothing", 3, answerV3(id, form2v2, "freeboard.marked", "yes", map[string]string{"condition": "faded"}),
			"validation_failed", "record.condition", "unknown_record_field", "records nothing"},
		{"a template version whose items record nothing", 3, answerV3(id, bare.ID, bare.Items[0].ID, "yes", map[string]string{"condition": "ok"}),
			"validation_failed", "record.condition", "unknown_record_field", fmt.Sprintf("%s (version %d) records nothing", bare.Key, bare.TemplateVersion)},
		{"a value over 200 characters", 3, answerV3(id, form2v2, "fire.buckets", "yes", with("location", strings.Repeat("ಕ", 201))),
			"invalid_args", "record.location", "max_length", ""},
		{"a NUL in a value", 3, answerV3(id, form2v2, "fire.buckets", "yes", with("condition", "rust\x00ed")),
			"invalid_text", "args.record.condition", "invalid_text", ""},
		{"a NUL in a name", 3, answerV3(id, form2v2, "fire.buckets", "yes", with("cond\x00ition", "ok")),
			"invalid_text", "args.record.cond\uFFFDition", "invalid_text", ""},
		{"a number, not a string", 3, answerV3(id, form2v2, "fire.buckets", "yes", with("number_or_type", 2)),
			"invalid_args", "record.number_or_type", "type", ""},
		{"a nested object", 3, answerV3(id, form2v2, "fire.buckets", "yes", with("location", map[string]any{"deck": "main"})),
			"invalid_args", "record.location", "type", ""},
		{"a list, not an object", 3, answerV3(id, form2v2, "fire.buckets", "yes", []string{"1", "good"}),
			"invalid_args", "record", "type", ""},
		{"v1 takes no record", 1, v1, "invalid_args", "record", "unknown_field", ""},
		{"v2 takes no record", 2, v2, "invalid_args", "record", "unknown_field", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := p.push(p.mut("inspection.answer", c.version, c.args))[0]
			if r.Status != "rejected" || r.Code != c.code {
				t.Fatalf("result %+v, want rejected %s", r, c.code)
			}
			i := slices.IndexFunc(r.Errors, func(e struct{ Field, Code, Message string }) bool { return e.Field == c.field })
			if i < 0 || r.Errors[i].Code != c.fieldCode || !strings.Contains(r.Errors[i].Message, c.messageHas) {
				t.Fatalf("errors %+v, want %s %s naming %q", r.Errors, c.field, c.fieldCode, c.messageHas)
			}
		})
	}
	// Bytes that are not UTF-8 cannot be written in JSON by a marshaller:
	// the raw body carries them.
	bad := p.mut("inspection.answer", 3, answerV3(id, form2v2, "fire.buckets", "yes", with("condition", "BADBYTES")))
	raw, _ := json.Marshal(map[string]any{"ack_seq": 0, "mutations": []any{bad}})
	r := p.results(p.send([]byte(strings.Replace(string(raw), "BADBYTES", "rust \xff\xfe", 1))))[0]
	if r.Status != "rejected" || r.Code != "invalid_text" || len(r.Errors) != 1 || r.Errors[0].Field != "args.record.condition" {
		t.Errorf("bytes that are not UTF-8: %+v, want rejected invalid_text at args.record.condition", r)
	}
	if n := h.count("inspection_answers"); n != 0 {
		t.Errorf("%d answers written by refused mutations", n)
	}
	var kept int64
	h.must(h.db.Gorm.Raw("SELECT count(*) FROM quarantine").Scan(&kept).Error)
	if want := int64(len(cases) + 1); kept != want {
		t.Errorf("quarantine holds %d mutations, want every refused one (%d)", kept, want)
	}
	// A refusal is final and replays; a record that fits then applies.
	if again := p.results(p.send([]byte(strings.Replace(string(raw), "BADBYTES", "rust \xff\xfe", 1))))[0]; again.Status != "replayed" {
		t.Errorf("resend of a refused mutation: %+v, want replayed", again)
	}
	if r := p.push(p.mut("inspection.answer", 3, answerV3(id, form2v2, "fire.buckets", "yes", ok)))[0]; r.Status != "applied" {
		t.Errorf("a record that fits after the refusals: %+v", r)
	}
}

// listedTemplate is a template as GET /v1/vessels/{id}/templates lists it.
type listedTemplate struct {
	ID              uuid.UUID `json:"id"`
	Key             string    `json:"key"`
	TemplateVersion int       `json:"template_version"`
	Items           []struct {
		ID     string   `json:"id"`
		Record []string `json:"record"`
	} `json:"items"`
}

// bareTemplate is a template other than the Annex that fits the Karwar
// vessel and whose items record nothing besides the answer.
func bareTemplate(t *testing.T, h *harness) listedTemplate {
	t.Helper()
	r := h.do("GET", "/v1/vessels/"+h.ids["vessel-KARWAR"].String()+"/templates", "inspector", nil)
	var out struct{ Items []listedTemplate }
	if r.status != 200 || json.Unmarshal(r.body, &out) != nil {
		t.Fatalf("templates: %d %s", r.status, r.body)
	}
	for _, tp := range out.Items {
		bare := tp.ID != form2v2 && len(tp.Items) > 0
		for _, it := range tp.Items {
			bare = bare && len(it.Record) == 0
		}
		if bare {
			return tp
		}
	}
	t.Fatalf("no template of the Karwar vessel records nothing: %s", r.body)
	return listedTemplate{}
}

// The outsider's input, from a client that is not the app: nesting deep
// enough to exhaust a recursive parser, values and names near the 1 MiB
// push limit, thousands of names, bytes that are not UTF-8 in a name. Each
// is refused cleanly (400 or 413 for the push, or the one mutation
// rejected), never a 500 and never an endless retry; nothing is written
// and the device's next push applies.
func TestAnswerRecordOutsiderInput(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	p := h.recordPusher()
	id := p.startForm2()
	many := map[string]string{}
	for i := range 20000 {
		many[fmt.Sprintf("f%05d", i)] = "x"
	}
	manyJSON, _ := json.Marshal(many)
	cases := []struct {
		name   string
		record string // the record's JSON, spliced into the body as is
		status []int  // the push's acceptable statuses
		field  string // for a 200, the rejected mutation's field[:code]
	}{
		{"objects nested 9,990 deep (the JSON decoder stops at 10,000)", `{"condition":` + strings.Repeat(`{"a":`, 9990) + `"x"` + strings.Repeat("}", 9990) + `}`, []int{200}, "record.condition:type"},
		{"objects nested 150,000 deep", `{"condition":` + strings.Repeat(`{"a":`, 150000) + `"x"` + strings.Repeat("}", 150000) + `}`, []int{400}, ""},
		{"arrays nested 400,000 deep", `{"condition":` + strings.Repeat("[", 400000) + strings.Repeat("]", 400000) + `}`, []int{400}, ""},
		{"a value of 900 KB", `{"condition":"` + strings.Repeat("a", 900<<10) + `"}`, []int{200}, "record.condition:max_length"},
		{"a value over the push limit", `{"condition":"` + strings.Repeat("a", 1100<<10) + `"}`, []int{413}, ""},
		{"20,000 names", string(manyJSON), []int{200}, "record:too_many"},
		{"a name of 100 KB", `{"` + strings.Repeat("n", 100<<10) + `":"x"}`, []int{200}, "record:invalid_field_name"},
		{"a name that is not UTF-8", `{"cond` + "\xff" + `ition":"x"}`, []int{200}, "args.record.cond\uFFFDition:invalid_text"},
	}
	rejected := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := p.mut("inspection.answer", 3, answerV3(id, form2v2, "fire.buckets", "yes", "RECORD"))
			raw, _ := json.Marshal(map[string]any{"ack_seq": 0, "mutations": []any{m}})
			body := strings.Replace(string(raw), `"RECORD"`, c.record, 1)
			r := p.send([]byte(body))
			if !slices.Contains(c.status, r.status) {
				t.Fatalf("push: %d %.300s, want one of %v", r.status, r.body, c.status)
			}
			if len(r.body) > 16<<10 {
				t.Errorf("the answer is %d bytes: it echoes the input", len(r.body))
			}
			if r.status != 200 {
				return
			}
			res := p.results(r)[0]
			field, code, _ := strings.Cut(c.field, ":")
			if res.Status != "rejected" || len(res.Errors) == 0 || res.Errors[0].Field != field || (code != "" && res.Errors[0].Code != code) {
				t.Fatalf("result %+v, want rejected naming %s", res, c.field)
			}
			rejected++
		})
	}
	if n := h.count("inspection_answers"); n != 0 {
		t.Errorf("%d answers written by refused input", n)
	}
	if n := h.count("quarantine"); n != int64(rejected) {
		t.Errorf("quarantine holds %d mutations, want the %d rejected ones, whole", n, rejected)
	}
	if r := p.push(p.mut("inspection.answer", 3, answerV3(id, form2v2, "fire.buckets", "yes", map[string]string{"condition": "full"})))[0]; r.Status != "applied" {
		t.Errorf("the next push: %+v, want applied", r)
	}
}
