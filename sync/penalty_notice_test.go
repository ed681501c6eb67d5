package sync_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	tsync "github.com/tindal/tindal/sync"
)

// mailpitTexts returns the subject and text of every message mailpit
// holds for address.
func mailpitTexts(t *testing.T, address string) (subjects, texts []string) {
	t.Helper()
	api := os.Getenv("TINDAL_MAILPIT_API")
	if api == "" {
		t.Fatal("TINDAL_MAILPIT_API is not set: run scripts/services.sh and source .services.env")
	}
	var list struct{ Messages []struct{ ID string } }
	mailpitJSON(t, api+"/api/v1/search?query="+url.QueryEscape("to:"+address), &list)
	for _, m := range list.Messages {
		var full struct{ Subject, Text string }
		mailpitJSON(t, api+"/api/v1/message/"+m.ID, &full)
		subjects, texts = append(subjects, full.Subject), append(texts, full.Text)
	}
	return subjects, texts
}

func mailpitJSON(t *testing.T, u string, v any) {
	t.Helper()
	res, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if err := json.NewDecoder(res.Body).Decode(v); err != nil {
		t.Fatal(err)
	}
}

// Karnataka 2025, Sch-IV row 4 (KA-F04, no valid Certificate of Survey,
// Rs 5,000) and the Sch-IV note (docs/LAW.md §5.1, §5.2): a phone offline for
// a week pushes an inspection from before an already charged one; once it
// is approved the charged fine doubles, and the owner gets one email in
// Hindi, whatever is pushed or recomputed again.
func TestKAF04LateEarlierOffenceEmailsTheOwnerOnceInHindi(t *testing.T) {
	f := newFixture(t)
	f.insp = inspect.New(f.db, nil, nil, inspect.WithOutbox(notify.Outbox{Email: true}))
	f.eng = tsync.New(f.db, f.insp, nil, tsync.Options{})
	email := "owner-" + uuid.NewString()[:12] + "@test.tindal"
	f.exec(`UPDATE owners SET name = 'Lakshmi', email = ?, preferred_language = 'hi' WHERE id = ?`, email, f.owner)
	f.user("ins", models.RoleInspector, f.jur, ago(60*24*time.Hour))
	sup := f.user("sup", models.RoleSupervisor, f.jur, ago(60*24*time.Hour))
	f.device("d1", "ins")
	f.device("d2", "ins")
	later, v := f.started("d1", f.vessel, ago(24*time.Hour))
	wantStatuses(t, f.push("d1", f.mut("d1", "inspection.submit", v, ago(23*time.Hour), map[string]any{"inspection_id": later})), "applied")
	approve(t, f, sup, later)
	if n := f.count(`SELECT count(*) FROM notifications WHERE template = 'penalty_adjusted'`); n != 0 {
		t.Fatalf("%d penalty notices after a first charge, want none", n)
	}
	earlier, v2 := f.started("d2", f.vessel2, ago(8*24*time.Hour))
	submit := f.mut("d2", "inspection.submit", v2, ago(8*24*time.Hour-time.Hour), map[string]any{"inspection_id": earlier})
	wantStatuses(t, f.push("d2", submit), "applied")
	approve(t, f, sup, earlier)
	if n := f.count(`SELECT count(*) FROM notifications WHERE template = 'penalty_adjusted'`); n != 0 {
		t.Fatalf("%d penalty notices before an officer confirmed the rise, want none", n)
	}
	confirmRises(t, f, sup)
	if l, a := f.surveyPenalty(later); l != 2 || a != 10000 {
		t.Fatalf("later KA-F04 after recompute: level %d Rs %d, want 2 / 10000", l, a)
	}
	// One email per changed charged penalty (every row found on both
	// inspections doubles), each keyed by its adjustment.
	adjs := f.count(`SELECT count(*) FROM penalty_adjustments a JOIN penalties p ON p.id = a.penalty_id WHERE p.inspection_id = ? AND a.state IN ('applied', 'confirmed')`, later)
	emails := func() int64 {
		return f.count(`SELECT count(*) FROM notifications WHERE template = 'penalty_adjusted' AND channel = 'email' AND address = ?`, email)
	}
	if adjs == 0 || emails() != adjs {
		t.Fatalf("%d emails for %d adjustments", emails(), adjs)
	}
	// The same submit pushed again (a lost response) and another
	// recomputation (the nightly reconciliation) tell nothing more.
	wantStatuses(t, f.push("d2", submit), "replayed")
	ctx := context.Background()
	err := f.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		party := penalty.PartyID(string(rules.PartyOwner), f.owner.String())
		return penalty.RecomputeParties(ctx, tx, rules.NewRegistry(rules.RegistrySettings{}), notify.Outbox{Email: true}, []uuid.UUID{party})
	})
	if err != nil {
		t.Fatal(err)
	}
	if emails() != adjs {
		t.Fatalf("%d emails after replay and recompute, want still %d", emails(), adjs)
	}
	d := &notify.Dispatcher{DB: f.db, Sender: smtp(t), From: "Tindal <reminders@tindal.test>", Jitter: func() float64 { return 0.5 }}
	res, err := d.Dispatch(ctx, time.Now())
	if err != nil || int64(res.Sent) != adjs {
		t.Fatalf("dispatch %+v, %v: want %d sent", res, err, adjs)
	}
	if res, _ := d.Dispatch(ctx, time.Now().Add(time.Hour)); res != (notify.Result{}) {
		t.Errorf("second dispatch sent again: %+v", res)
	}
	subjects, texts := mailpitTexts(t, email)
	if int64(len(texts)) != adjs {
		t.Fatalf("%d messages at mailpit, want %d", len(texts), adjs)
	}
	found := false
	for i, text := range texts {
		if strings.Contains(text, "KA-F04, वैध सर्वेक्षण प्रमाणपत्र के बिना नाव चलाना") {
			found = true
			for _, s := range []string{"आदरणीय Lakshmi जी,", "जुर्माना: ₹5,000 → ₹10,000।", "स्तर: 1 → 2", "Boat 1 (KA-KAR-0001)", "Karnataka 2025, Sch-IV row 4", "Sch-IV note"} {
				if !strings.Contains(text, s) {
					t.Errorf("KA-F04 email lacks %q:\n%s", s, text)
				}
			}
			if !strings.Contains(subjects[i], "जुर्माना बढ़कर ₹10,000 हुआ") {
				t.Errorf("subject %q", subjects[i])
			}
		}
	}
	if !found {
		t.Errorf("no KA-F04 email among:\n%s", strings.Join(texts, "\n---\n"))
	}
}

func smtp(t *testing.T) notify.Sender {
	t.Helper()
	s, err := notify.NewSMTP(os.Getenv("TINDAL_SMTP_URL"))
	if err != nil {
		t.Fatalf("TINDAL_SMTP_URL (run scripts/services.sh and source .services.env): %v", err)
	}
	return s
}
