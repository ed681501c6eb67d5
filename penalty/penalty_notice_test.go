package penalty_test

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/penalty"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// chainWorld is a fresh database with one Karnataka owner, a vessel, an
// inspector and the owner's liable party; offences are written as a push
// would write them, and the chain recomputed by RecomputeParties.
type chainWorld struct {
	t                                         *testing.T
	db                                        *storage.DB
	jur, owner, vessel, inspector, tpl, party uuid.UUID
	email                                     string
}

const ruleSet = "KA-IV-2025-draft.1"

func newChainWorld(t *testing.T, lang, email string) *chainWorld {
	t.Helper()
	w := &chainWorld{t: t, db: testkit.NewDB(t), jur: uuid.New(), owner: uuid.New(), vessel: uuid.New(), inspector: uuid.New(),
		tpl: uuid.New(), email: email}
	w.party = penalty.PartyID(string(rules.PartyOwner), w.owner.String())
	w.exec(`INSERT INTO jurisdictions (id, code, name, regime) VALUES (?, 'KARWAR', 'Karwar', 'KA-IV-2025')`, w.jur)
	w.exec(`INSERT INTO owners (id, kind, name, email, preferred_language, jurisdiction_id) VALUES (?, 'person', 'Lakshmi', ?, ?, ?)`, w.owner, email, lang, w.jur)
	w.exec(`INSERT INTO vessels (id, registration_number, name, regime, kind, category, zone, engine_power, power_unit, passengers, use, jurisdiction_id, owner_id)
		VALUES (?, 'KA-KWR-M-0007', 'Sagar Rani', 'KA-IV-2025', 'mechanised', 'C', 3, 120, 'kW', 20, 'passenger', ?, ?)`, w.vessel, w.jur, w.owner)
	w.exec(`INSERT INTO users (id, email, name, role, password_hash) VALUES (?, 'insp@test.tindal', 'Inspector', 'inspector', 'x')`, w.inspector)
	w.exec(`INSERT INTO checklist_templates (id, key, template_version, regime, title, items) VALUES (?, 'test', 1, 'KA-IV-2025', 'Test', '[]')`, w.tpl)
	w.exec(`INSERT INTO liable_parties (id, kind, ref, owner_id) VALUES (?, 'owner', ?, ?)`, w.party, w.owner.String(), w.owner)
	return w
}

func (w *chainWorld) exec(sql string, args ...any) {
	w.t.Helper()
	if err := w.db.Gorm.Exec(sql, args...).Error; err != nil {
		w.t.Fatalf("%s: %v", sql, err)
	}
}

func (w *chainWorld) count(sql string, args ...any) int64 {
	w.t.Helper()
	var n int64
	if err := w.db.Gorm.Raw("SELECT count(*) FROM "+sql, args...).Scan(&n).Error; err != nil {
		w.t.Fatal(err)
	}
	return n
}

// offence writes an approved inspection at `at` with one offence of row
// (status charged, or pending for a submitted one), as a push would,
// without recomputing the chain.
func (w *chainWorld) offence(row string, at time.Time, status string) uuid.UUID {
	w.t.Helper()
	insp, id := uuid.New(), uuid.New()
	st := map[string]string{"charged": "approved", "pending": "submitted"}[status]
	w.exec(`INSERT INTO inspections (id, vessel_id, inspector_id, jurisdiction_id, owner_id, template_id, rule_set_id, kind, started_at, status)
		VALUES (?, ?, ?, ?, ?, ?, ?, 'routine', ?, ?)`, insp, w.vessel, w.inspector, w.jur, w.owner, w.tpl, ruleSet, at, st)
	w.exec(`INSERT INTO offences (id, party_id, penalty_row, inspection_id, vessel_id, occurred_at, rule_set_id, status, jurisdiction_id, owner_id, inspector_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, w.party, row, insp, w.vessel, at, ruleSet, status, w.jur, w.owner, w.inspector)
	return id
}

// recompute runs the chain function for the owner's party in a
// transaction of its own, with email on.
func (w *chainWorld) recompute() {
	w.t.Helper()
	if err := w.recomputeThen(nil); err != nil {
		w.t.Fatal(err)
	}
}

// recomputeThen recomputes, then runs then in the same transaction (an
// error rolls everything back).
func (w *chainWorld) recomputeThen(then func(tx *storage.Tx) error) error {
	ctx := context.Background()
	return w.db.InTx(ctx, storage.Actor{}, func(tx *storage.Tx) error {
		err := penalty.RecomputeParties(ctx, tx, rules.NewRegistry(rules.RegistrySettings{}), notify.Outbox{Email: true}, []uuid.UUID{w.party})
		if err == nil && then != nil {
			err = then(tx)
		}
		return err
	})
}

// amount is the live penalty of an offence.
func (w *chainWorld) amount(offence uuid.UUID) (level int, amount int64) {
	w.t.Helper()
	var r struct {
		Level  int
		Amount int64
	}
	if err := w.db.Gorm.Raw(`SELECT level, amount FROM penalties WHERE offence_id = ? AND deleted_at IS NULL`, offence).Scan(&r).Error; err != nil {
		w.t.Fatal(err)
	}
	return r.Level, r.Amount
}

// notice is a stored notification row.
type notice struct {
	Channel, Locale, Subject, Body, Address, DedupeKey, State string
	Payload                                                   []byte
}

func (w *chainWorld) notices() []notice {
	w.t.Helper()
	var out []notice
	err := w.db.Gorm.Raw(`SELECT channel, locale, subject, body, address, dedupe_key, state, payload::text AS payload
		FROM notifications WHERE template = 'penalty_adjusted' ORDER BY channel, id`).Scan(&out).Error
	if err != nil {
		w.t.Fatal(err)
	}
	return out
}

var (
	feb1  = time.Date(2027, 2, 1, 5, 0, 0, 0, time.UTC)  // 10:30 IST
	mar10 = time.Date(2027, 3, 10, 5, 0, 0, 0, time.UTC) // 10:30 IST
)

func TestKAF01LateEarlierOffenceDoublesChargedFineOneNoticeInOwnersLanguage(t *testing.T) {
	// Karnataka 2025, Sch-IV row 1 (KA-F01, Rs 5,000 first offence) and the
	// Sch-IV note: doubled from the last penalty charged for a subsequent
	// offence within a year (docs/LAW.md §5.1, §5.2).
	cases := []struct {
		lang, locale  string
		subject, body []string
	}{
		{"en", "en", []string{"Fine raised to ₹10,000", "KA-F01", "Sagar Rani (KA-KWR-M-0007)"},
			[]string{"Dear Lakshmi,", "recorded on 10 March 2027 with Sagar Rani (KA-KWR-M-0007)", "Offence: KA-F01, Operating the boat without a valid insurance cover.",
				"Fine: ₹5,000 → ₹10,000.", "Level: 1 → 2", "recorded on 1 February 2027", "Karnataka 2025, Sch-IV row 1", "Sch-IV note", "What to do: pay the new amount within 15 days"}},
		{"hi", "hi", []string{"जुर्माना बढ़कर ₹10,000 हुआ", "KA-F01", "KA-KWR-M-0007"},
			[]string{"आदरणीय Lakshmi जी,", "10 मार्च 2027", "वैध बीमा कवर के बिना नाव चलाना", "जुर्माना: ₹5,000 → ₹10,000।", "स्तर: 1 → 2",
				"1 फ़रवरी 2027 को दर्ज इसी अपराध", "नियम: Karnataka 2025, Sch-IV row 1", "क्या करें:"}},
		{"kn", "kn", []string{"ದಂಡ ₹10,000 ಕ್ಕೆ ಏರಿಕೆ", "KA-F01", "KA-KWR-M-0007"},
			[]string{"ನಮಸ್ಕಾರ Lakshmi ಅವರೇ,", "10 ಮಾರ್ಚ್ 2027", "ಮಾನ್ಯ ವಿಮಾ ರಕ್ಷಣೆ ಇಲ್ಲದೆ ಜಲನೌಕೆ ನಡೆಸುವುದು", "ದಂಡ: ₹5,000 → ₹10,000.", "ಹಂತ: 1 → 2",
				"1 ಫೆಬ್ರವರಿ 2027 ರಂದು ದಾಖಲಾದ ಅದೇ ಅಪರಾಧದ", "ನಿಯಮ: Karnataka 2025, Sch-IV row 1", "ಏನು ಮಾಡಬೇಕು:"}},
	}
	for _, c := range cases {
		t.Run(c.lang, func(t *testing.T) {
			w := newChainWorld(t, c.lang, "lakshmi@test.tindal")
			later := w.offence("KA-F01", mar10, "charged")
			w.recompute()
			if l, a := w.amount(later); l != 1 || a != 5000 {
				t.Fatalf("first charged offence: level %d Rs %d, want 1 / 5000", l, a)
			}
			if n := len(w.notices()); n != 0 {
				t.Fatalf("%d notices for a first charge, want none (the challan tells it)", n)
			}
			// A phone offline for a week delivers an earlier offence, which is charged.
			w.offence("KA-F01", feb1, "charged")
			w.recompute()
			if l, a := w.amount(later); l != 2 || a != 10000 {
				t.Fatalf("later offence after recompute: level %d Rs %d, want 2 / 10000", l, a)
			}
			ns := w.notices()
			if len(ns) != 2 || ns[0].Channel != "email" || ns[1].Channel != "in_app" {
				t.Fatalf("notices %+v, want one email and one feed entry", ns)
			}
			var key string
			w.db.Gorm.Raw(`SELECT dedupe_key FROM penalty_adjustments WHERE old_amount = 5000 AND new_amount = 10000`).Scan(&key)
			for _, n := range ns {
				if n.Locale != c.locale || !strings.HasPrefix(n.DedupeKey, "penalty:"+key+"|owner:") {
					t.Errorf("%s: locale %s key %s, want %s and the adjustment's key %s", n.Channel, n.Locale, n.DedupeKey, c.locale, key)
				}
				for _, s := range c.subject {
					if !strings.Contains(n.Subject, s) {
						t.Errorf("%s subject %q lacks %q", n.Channel, n.Subject, s)
					}
				}
				for _, s := range c.body {
					if !strings.Contains(n.Body, s) {
						t.Errorf("%s body lacks %q:\n%s", n.Channel, s, n.Body)
					}
				}
			}
			var p map[string]any
			if err := json.Unmarshal(ns[1].Payload, &p); err != nil {
				t.Fatal(err)
			}
			if p["row"] != "KA-F01" || p["amount"] != 10000.0 || p["previous"] != 5000.0 || p["level"] != 2.0 || p["previous_level"] != 1.0 ||
				p["reason"] != notify.PenaltyRepeat || !strings.HasPrefix(p["earlier"].(string), "2027-02-01") {
				t.Errorf("payload %v", p)
			}
			// Recomputing again (a retried push, the nightly reconciliation) tells nothing more.
			w.recompute()
			w.recompute()
			if n := len(w.notices()); n != 2 {
				t.Errorf("%d notice rows after recomputing again, want still 2", n)
			}
			if n := w.count("penalty_adjustments"); n != 1 {
				t.Errorf("%d adjustments, want 1", n)
			}
		})
	}
}

func TestKAF04NoChangeNoNotice(t *testing.T) {
	// Karnataka 2025, Sch-IV row 4 (KA-F04): two charged offences more than
	// a year apart are each a first offence (docs/LAW.md §5.2 window).
	w := newChainWorld(t, "en", "lakshmi@test.tindal")
	earlier := w.offence("KA-F04", time.Date(2025, 2, 1, 5, 0, 0, 0, time.UTC), "charged")
	later := w.offence("KA-F04", feb1, "charged")
	w.recompute()
	w.recompute()
	for _, o := range []uuid.UUID{earlier, later} {
		// Each is priced at the Sch-IV row 4 first-offence amount: the
		// recompute wrote a penalty for each, and the second one did not
		// change it.
		if l, a := w.amount(o); l != 1 || a != 5000 {
			t.Errorf("offence %s: level %d Rs %d, want 1 / 5000", o, l, a)
		}
	}
	if n := w.count("penalties WHERE deleted_at IS NULL AND revision = 1"); n != 2 {
		t.Errorf("%d live penalties at revision 1, want 2", n)
	}
	if n := len(w.notices()); n != 0 {
		t.Errorf("%d notices, want none: nothing charged changed", n)
	}
	if n := w.count("penalty_adjustments"); n != 0 {
		t.Errorf("%d adjustments, want none", n)
	}
}

func TestKAF01RolledBackRecomputeLeavesNoNotice(t *testing.T) {
	// Karnataka 2025, Sch-IV row 1 and Sch-IV note: the doubling is written
	// with its notice or not at all.
	w := newChainWorld(t, "hi", "lakshmi@test.tindal")
	later := w.offence("KA-F01", mar10, "charged")
	w.recompute()
	w.offence("KA-F01", feb1, "charged")
	boom := errors.New("a later mutation of the chunk failed")
	err := w.recomputeThen(func(tx *storage.Tx) error {
		var n int64
		tx.DB.Raw(`SELECT count(*) FROM notifications WHERE template = 'penalty_adjusted'`).Scan(&n)
		if n != 2 {
			t.Errorf("inside the transaction: %d notice rows, want 2 (written with the adjustment)", n)
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	if n := len(w.notices()); n != 0 {
		t.Errorf("%d notices after rollback, want none", n)
	}
	if l, a := w.amount(later); l != 1 || a != 5000 {
		t.Errorf("after rollback: level %d Rs %d, want 1 / 5000", l, a)
	}
	w.recompute()
	if n := len(w.notices()); n != 2 {
		t.Errorf("%d notices after the retry committed, want 2", n)
	}
}

func TestKAF01PendingPenaltyChangeIsNotNoticed(t *testing.T) {
	// Sch-IV note (docs/LAW.md §5.2): only a charged offence makes a later one
	// subsequent, and only a charged penalty has been told to the owner; a
	// pending one is priced in context and told with its challan.
	w := newChainWorld(t, "en", "lakshmi@test.tindal")
	later := w.offence("KA-F01", mar10, "pending")
	w.recompute()
	w.offence("KA-F01", feb1, "charged")
	w.recompute()
	if l, a := w.amount(later); l != 2 || a != 10000 {
		t.Fatalf("pending later offence: level %d Rs %d, want 2 / 10000", l, a)
	}
	if n := len(w.notices()); n != 0 {
		t.Errorf("%d notices for a pending penalty, want none", n)
	}
}

func TestKAF01WithdrawnEarlierOffenceLowersChargedFine(t *testing.T) {
	// Sch-IV note (docs/LAW.md §5.2): "if an earlier penalty is set aside …
	// recompute later ones"; a withdrawn inspection's offence no longer
	// counts, and its own fine is cancelled.
	w := newChainWorld(t, "en", "lakshmi@test.tindal")
	earlier := w.offence("KA-F01", feb1, "charged")
	later := w.offence("KA-F01", mar10, "charged")
	w.recompute()
	if l, a := w.amount(later); l != 2 || a != 10000 {
		t.Fatalf("later offence: level %d Rs %d, want 2 / 10000", l, a)
	}
	w.exec(`UPDATE inspections SET status = 'withdrawn' FROM offences o WHERE o.id = ? AND inspections.id = o.inspection_id`, earlier)
	w.exec(`UPDATE offences SET deleted_at = now(), version = version + 1 WHERE id = ?`, earlier)
	w.recompute()
	if l, a := w.amount(later); l != 1 || a != 5000 {
		t.Fatalf("later offence after withdrawal: level %d Rs %d, want 1 / 5000", l, a)
	}
	var subjects []string
	var reasons []string
	for _, n := range w.notices() {
		if n.Channel == "in_app" {
			var p notify.Data
			if err := json.Unmarshal(n.Payload, &p); err != nil {
				t.Fatal(err)
			}
			subjects, reasons = append(subjects, n.Subject), append(reasons, p.Reason)
			if p.Reason == notify.PenaltyEarlierRemoved && (!strings.Contains(n.Body, "recorded on 1 February 2027, which no longer counts") || !strings.Contains(n.Body, "Level: 2 → 1")) {
				t.Errorf("lowered notice body:\n%s", n.Body)
			}
		}
	}
	want := []string{notify.PenaltyCancelled, notify.PenaltyEarlierRemoved}
	slices.Sort(reasons)
	if !slices.Equal(reasons, want) {
		t.Errorf("reasons %v (subjects %q), want %v", reasons, subjects, want)
	}
}

func TestKAF01OwnerWithoutEmailIsFlaggedAndToldInTheFeed(t *testing.T) {
	// Karnataka 2025, Sch-IV row 1 and Sch-IV note: a doubled fine of an
	// owner with no email on record reaches the in-app feed, and a flag
	// tells the port office to tell them another way.
	w := newChainWorld(t, "hi", "")
	later := w.offence("KA-F01", mar10, "charged")
	w.recompute()
	w.offence("KA-F01", feb1, "charged")
	w.recompute()
	w.recompute()
	if l, a := w.amount(later); l != 2 || a != 10000 {
		t.Fatalf("later offence: level %d Rs %d", l, a)
	}
	ns := w.notices()
	if len(ns) != 1 || ns[0].Channel != "in_app" || ns[0].Locale != "hi" {
		t.Fatalf("notices %+v, want one Hindi feed entry and no email", ns)
	}
	var flags []struct{ SubjectType, Document, Detail string }
	w.db.Gorm.Raw(`SELECT subject_type, document, detail FROM flags WHERE kind = ? AND owner_id = ? AND status = 'open'`,
		penalty.FlagPenaltyNoticeNotEmailed, w.owner).Scan(&flags)
	if len(flags) != 1 || flags[0].SubjectType != "owner" || !strings.HasPrefix(flags[0].Document, "penalty:") ||
		!strings.Contains(flags[0].Detail, "Rs 5000 to Rs 10000") || !strings.Contains(flags[0].Detail, "no app account") {
		t.Errorf("flags %+v, want one open owner flag for the adjustment", flags)
	}
	// An owner account reads it in its feed (GET /v1/notifications).
	user := uuid.New()
	w.exec(`INSERT INTO users (id, email, name, role, password_hash, owner_id) VALUES (?, 'lakshmi-app@test.tindal', 'Lakshmi', 'owner', 'x', ?)`, user, w.owner)
	feed := notify.Feed{DB: w.db}
	items, _, err := feed.List(context.Background(), notify.Viewer{UserID: user, OwnerID: &w.owner}, true, "", 50)
	if err != nil {
		t.Fatal(err)
	}
	if len(items) != 1 || items[0].Template != notify.TplPenaltyAdjusted || !strings.Contains(items[0].Body, "₹5,000 → ₹10,000") {
		t.Errorf("feed %+v, want the penalty notice", items)
	}
}

func TestKAF01ConcurrentRecomputationsNoticeOnce(t *testing.T) {
	// Sch-IV note (docs/LAW.md §5.2): twenty transactions recomputing the same
	// owner's chain at once (pushes, a review, the reconciliation) record
	// one adjustment and one notice.
	w := newChainWorld(t, "en", "lakshmi@test.tindal")
	w.offence("KA-F01", mar10, "charged")
	w.recompute()
	w.offence("KA-F01", feb1, "charged")
	var wg stdsync.WaitGroup
	errs := make(chan error, 20)
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- w.recomputeThen(nil)
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := w.count("penalty_adjustments"); n != 1 {
		t.Errorf("%d adjustments, want 1", n)
	}
	if n := w.count("notifications WHERE template = 'penalty_adjusted' AND channel = 'email'"); n != 1 {
		t.Errorf("%d emails, want exactly 1", n)
	}
}
