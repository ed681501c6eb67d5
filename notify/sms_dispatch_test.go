package notify_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/storage"
	"github.com/tindal/tindal/testkit"
)

// gateway is an SMS aggregator served by the test over real HTTP. Each
// request is answered by the next behaviour in script (then "ok"):
// ok (200 with an id), accept-drop (200 and half a body, then the
// connection closes), drop (the connection closes before any answer),
// 500, 400, slow (no answer before the client's timeout).
type gateway struct {
	mu       stdsync.Mutex
	script   []string
	requests []url.Values // every request received, as its fields
	accepted []url.Values // the ones the gateway took
	srv      *httptest.Server
}

func newGateway(t *testing.T, script ...string) *gateway {
	g := &gateway{script: script}
	g.srv = httptest.NewServer(http.HandlerFunc(g.serve))
	t.Cleanup(g.srv.Close)
	return g
}

func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	q, _ := url.ParseQuery(string(b))
	for k, v := range r.URL.Query() {
		q[k] = v
	}
	q.Set("_auth", r.Header.Get("Authorization"))
	g.mu.Lock()
	step := "ok"
	if len(g.script) > 0 {
		step, g.script = g.script[0], g.script[1:]
	}
	g.requests = append(g.requests, q)
	if step == "ok" || step == "accept-drop" {
		g.accepted = append(g.accepted, q)
	}
	g.mu.Unlock()
	switch step {
	case "ok":
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"message_id":"gw-`+q.Get("ref")+`"}`)
	case "accept-drop", "drop":
		conn, buf, _ := w.(http.Hijacker).Hijack()
		if step == "accept-drop" {
			_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{\"message_id\":")
			_ = buf.Flush()
		}
		_ = conn.Close()
	case "500":
		http.Error(w, `{"error":"try later"}`, http.StatusInternalServerError)
	case "400":
		http.Error(w, `{"error":"DLT template mismatch"}`, http.StatusBadRequest)
	case "slow":
		time.Sleep(1500 * time.Millisecond)
	}
}

func (g *gateway) counts() (int, int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return len(g.requests), len(g.accepted)
}

var testDLT = notify.DLT{Sender: "TNDLKA", EntityID: "1101234567890123456", Templates: func() map[string]string {
	m := map[string]string{}
	for _, t := range notify.SMSTemplates {
		for _, l := range locale.Languages {
			m[t+"."+l] = "1107" + strings.Repeat("0", 15)
		}
	}
	m[notify.TplCertificateExpiring+".kn"] = "1107161234567890123"
	return m
}()}

// smsWorld is a database with one owner who has a mobile and no email.
type smsWorld struct {
	t     *testing.T
	db    *storage.DB
	owner notify.Recipient
	gw    *gateway
	d     *notify.SMSDispatcher
}

func newSMSWorld(t *testing.T, lang, mobile string, script ...string) *smsWorld {
	db := testkit.NewDB(t)
	r := seedOwner(t, db, lang)
	must(t, db.Gorm.Exec(`UPDATE owners SET email = '', mobile = ? WHERE id = ?`, mobile, r.ID).Error)
	r.Email = ""
	g := newGateway(t, script...)
	gw, err := notify.NewHTTPGateway(g.srv.URL+"/send", "form", "k3y", time.Second)
	must(t, err)
	d := &notify.SMSDispatcher{Dispatcher: notify.Dispatcher{DB: db, Jitter: func() float64 { return 0 }}, Gateway: gw,
		DLT: testDLT}
	return &smsWorld{t: t, db: db, owner: r, gw: g, d: d}
}

func (w *smsWorld) enqueue(ns ...notify.Notice) {
	w.t.Helper()
	must(w.t, w.db.Gorm.Transaction(func(tx *gorm.DB) error {
		_, err := notify.Outbox{Email: true, SMS: true, Link: "http://localhost:8080/my"}.Enqueue(context.Background(), tx, ns)
		return err
	}))
}

func (w *smsWorld) dispatch(at time.Time) notify.Result {
	w.t.Helper()
	res, err := w.d.Dispatch(context.Background(), at)
	must(w.t, err)
	return res
}

type smsRow struct {
	ID                              uuid.UUID
	State, Body, GatewayID, Receipt string
	Attempts, Parts                 int
	ServeOtherwise                  bool
	NextAttemptAt                   *time.Time
}

func (w *smsWorld) rows() []smsRow {
	w.t.Helper()
	var rs []smsRow
	must(w.t, w.db.Gorm.Raw(`SELECT id, state, body, gateway_id, receipt, attempts, parts, serve_otherwise,
		next_attempt_at FROM notifications WHERE channel = 'sms' ORDER BY created_at`).Scan(&rs).Error)
	return rs
}

// noon is a time outside the quiet hours: 12:00 IST tomorrow (rows are
// due at the database's clock, so the dispatcher runs after it).
var noon = time.Now().UTC().Truncate(24 * time.Hour).Add(30*time.Hour + 30*time.Minute)

// TestSMSCarriesDLTFieldsAndGoesOnce: every request names the DLT sender
// header, principal entity id and the template id of its text and
// language; the message is sent once however often the dispatcher runs.
func TestSMSCarriesDLTFieldsAndGoesOnce(t *testing.T) {
	w := newSMSWorld(t, "kn", "+919845012345")
	w.enqueue(certExpiring(w.owner))
	if r := w.dispatch(noon); r.Sent != 1 {
		t.Fatalf("sent %+v", r)
	}
	w.dispatch(noon.Add(time.Hour))
	if n, _ := w.gw.counts(); n != 1 {
		t.Fatalf("the gateway got %d requests, want 1", n)
	}
	q := w.gw.requests[0]
	want := map[string]string{"to": "919845012345", "sender": "TNDLKA", "entity_id": "1101234567890123456",
		"template_id": "1107161234567890123", "unicode": "1", "apikey": "k3y"}
	for k, v := range want {
		if q.Get(k) != v {
			t.Errorf("%s = %q, want %q", k, q.Get(k), v)
		}
	}
	rs := w.rows()
	if len(rs) != 1 || rs[0].State != "sent" || rs[0].GatewayID != "gw-"+rs[0].ID.String() || q.Get("message") != rs[0].Body {
		t.Fatalf("row %+v, text sent %q", rs, q.Get("message"))
	}
}

// TestSMSAcceptedThenDroppedIsNotSentAgain: the gateway accepts the message
// and the connection drops in its answer; the message is sent, and no
// later dispatch sends it again.
func TestSMSAcceptedThenDroppedIsNotSentAgain(t *testing.T) {
	w := newSMSWorld(t, "en", "+919845012345", "accept-drop")
	w.enqueue(certExpiring(w.owner))
	if r := w.dispatch(noon); r.Sent != 1 || r.Retried != 0 {
		t.Fatalf("%+v: an accepted message counts as sent", r)
	}
	for i := 1; i <= 3; i++ {
		w.dispatch(noon.Add(time.Duration(i) * 24 * time.Hour))
	}
	if n, a := w.gw.counts(); n != 1 || a != 1 {
		t.Fatalf("the gateway got %d requests (%d accepted), want 1", n, a)
	}
	if rs := w.rows(); rs[0].State != "sent" {
		t.Fatalf("state %s", rs[0].State)
	}
}

// TestSMSDroppedBeforeTheAnswerIsSentOnceOnRetry: the connection drops
// before the gateway answers, after an earlier message kept a connection
// open: our transport does not silently re-send it (Go's would, on a
// reused connection, for a GET or a POST with an Idempotency-Key); the
// dispatcher retries after its backoff and the message arrives once.
func TestSMSDroppedBeforeTheAnswerIsSentOnceOnRetry(t *testing.T) {
	w := newSMSWorld(t, "en", "+919845012345", "ok", "drop")
	gw, err := notify.NewHTTPGateway(w.gw.srv.URL+"/send", "get", "k3y", time.Second)
	must(t, err)
	w.d.Gateway = gw
	w.enqueue(certExpiring(w.owner))
	w.dispatch(noon)
	w.enqueue(certExpiring(w.owner))
	if r := w.dispatch(noon.Add(time.Minute)); r.Retried != 1 {
		t.Fatalf("%+v, want the dropped one retried", r)
	}
	if n, a := w.gw.counts(); n != 2 || a != 1 {
		t.Fatalf("after the drop: %d requests (%d accepted), want 2 (1): no silent re-send", n, a)
	}
	if r := w.dispatch(noon.Add(time.Minute + 10*time.Second)); r.Sent != 0 {
		t.Fatalf("%+v: sent before its backoff", r)
	}
	if r := w.dispatch(noon.Add(time.Hour)); r.Sent != 1 {
		t.Fatalf("%+v: the retry", r)
	}
	if n, a := w.gw.counts(); n != 3 || a != 2 {
		t.Fatalf("%d requests (%d accepted), want 3 (2)", n, a)
	}
}

// TestSMSRetriesServerErrorsAndTimeoutsNotRefusals: 5xx and a timeout are
// retried with a growing backoff; a 4xx is not retried, and a legal
// notice refused is flagged for the office to serve another way.
func TestSMSRetriesServerErrorsAndTimeoutsNotRefusals(t *testing.T) {
	w := newSMSWorld(t, "en", "+919845012345", "500", "slow", "ok")
	w.enqueue(certExpiring(w.owner))
	w.dispatch(noon)
	first := *w.rows()[0].NextAttemptAt
	w.dispatch(first)
	r := w.rows()[0]
	if r.State != "pending" || r.Attempts != 2 || r.NextAttemptAt.Sub(first) <= first.Sub(noon) {
		t.Fatalf("after 500 and a timeout: %+v (first retry at %s)", r, first)
	}
	if res := w.dispatch(*r.NextAttemptAt); res.Sent != 1 {
		t.Fatalf("%+v", res)
	}

	w2 := newSMSWorld(t, "en", "+919845012345", "400")
	w2.enqueue(smsPenalty(w2.owner))
	if res := w2.dispatch(noon); res.Failed != 1 {
		t.Fatalf("%+v: a 4xx fails for good", res)
	}
	w2.dispatch(noon.Add(48 * time.Hour))
	if n, _ := w2.gw.counts(); n != 1 {
		t.Fatalf("a refused message was sent %d times", n)
	}
	if r := w2.rows()[0]; r.State != "failed" || !r.ServeOtherwise {
		t.Fatalf("%+v: a refused legal notice is flagged", r)
	}
}

// TestSMSQuietHours: at 22:00 IST a reminder waits for 09:00; a sign-in
// code goes at once.
func TestSMSQuietHours(t *testing.T) {
	w := newSMSWorld(t, "en", "+919845012345")
	night := noon.Add(10 * time.Hour) // 22:00 IST
	w.enqueue(certExpiring(w.owner), notify.Notice{Template: notify.TplOwnerSignInSMS, DedupeKey: "signin:" + uuid.NewString(),
		Recipient: w.owner, SMSOnly: true, Data: notify.Data{Number: "123456"}})
	if res := w.dispatch(night); res.Sent != 1 {
		t.Fatalf("%+v at 22:00", res)
	}
	if res := w.dispatch(noon.Add(20*time.Hour + 59*time.Minute)); res.Sent != 0 { // 08:59
		t.Fatalf("%+v at 08:59", res)
	}
	if res := w.dispatch(noon.Add(21 * time.Hour)); res.Sent != 1 { // 09:00
		t.Fatalf("%+v at 09:00", res)
	}
	for _, r := range w.rows() {
		if strings.Contains(r.Body, "123456") {
			t.Errorf("a sent sign-in code is still stored: %q", r.Body)
		}
	}
}

// TestSMSDeliveryReceipt: a signed receipt is recorded on its message; a
// forged one (wrong signature, none) records nothing; a failed legal
// notice is flagged.
func TestSMSDeliveryReceipt(t *testing.T) {
	w := newSMSWorld(t, "en", "+919845012345")
	w.enqueue(smsPenalty(w.owner))
	w.dispatch(noon)
	gid := w.rows()[0].GatewayID
	rc := notify.Receipts{DB: w.db, Secret: []byte("receipt-secret")}
	body := []byte(`{"id":"` + gid + `","status":"UNDELIV"}`)
	forged := notify.Receipts{Secret: []byte("guess")}.Sign(body)
	for _, sig := range []string{forged, "", "sha256=", "sha256=zz"} {
		if err := rc.Record(context.Background(), body, "application/json", sig, noon); err == nil {
			t.Errorf("signature %q accepted", sig)
		}
	}
	if r := w.rows()[0]; r.Receipt != "" || r.ServeOtherwise {
		t.Fatalf("a forged receipt recorded: %+v", r)
	}
	must(t, rc.Record(context.Background(), body, "application/json", rc.Sign(body), noon))
	if r := w.rows()[0]; r.Receipt != "failed" || !r.ServeOtherwise {
		t.Fatalf("%+v: a failed legal notice is flagged", r)
	}
	form := []byte("id=" + gid + "&status=DELIVRD")
	must(t, rc.Record(context.Background(), form, "application/x-www-form-urlencoded", rc.Sign(form), noon))
	if r := w.rows()[0]; r.Receipt != "delivered" {
		t.Fatalf("%+v", r)
	}
}

func certExpiring(r notify.Recipient) notify.Notice {
	return notify.Notice{Template: notify.TplCertificateExpiring, DedupeKey: "cert:" + uuid.NewString(), Recipient: r,
		Data: notify.Data{Vessel: "Sagar Rani (KA-KWR-M-0001)", Doc: "survey", Number: "KA/S/1",
			Due: time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC), Days: 30, Citation: "Karnataka 2025, r.113(1)"}}
}

func smsPenalty(r notify.Recipient) notify.Notice {
	return notify.Notice{Template: notify.TplPenaltyAdjusted, DedupeKey: "penalty:" + uuid.NewString(), Recipient: r,
		Data: notify.Data{Vessel: "Sagar Rani (KA-KWR-M-0001)", Row: "KA-F01", Amount: 5000,
			Due: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Level: 1}}
}

// TestEveryNoticeBySMSAsTheOwnerChose: through the outbox every job and
// legal notice writes to, each template with an SMS text gives an owner
// with a mobile and no email one SMS; an owner who chose email only for
// reminders gets no reminder by SMS but every legal notice (they always go
// by every channel the owner has), and an owner who chose SMS only gets no
// reminder by email.
func TestEveryNoticeBySMSAsTheOwnerChose(t *testing.T) {
	for _, c := range []struct {
		by                   string
		email                string
		reminderSMS, legal   int
		reminderMail, legalM int
	}{
		{"both", "", 1, 1, 0, 0},
		{"email", "o@test.tindal", 0, 1, 1, 1},
		{"sms", "o@test.tindal", 1, 1, 0, 1},
	} {
		t.Run(c.by, func(t *testing.T) {
			w := newSMSWorld(t, "hi", "+917008345521")
			must(t, w.db.Gorm.Exec(`UPDATE owners SET reminders_by = ?, email = ? WHERE id = ?`, c.by, c.email,
				w.owner.ID).Error)
			w.owner.Email = c.email
			for _, tpl := range notify.Templates {
				if !notify.HasSMS(tpl) || tpl == notify.TplJobAlert {
					continue
				}
				n := certExpiring(w.owner)
				n.Template = tpl
				n.Data.Doc, n.Data.Reason = "survey", notify.PenaltyRepeat
				if tpl == notify.TplInspectionOverdue {
					n.Data.Doc = "survey_window"
				}
				w.enqueue(n)
				var sms, mail int64
				must(t, w.db.Gorm.Raw(`SELECT count(*) FILTER (WHERE channel = 'sms'), count(*) FILTER (WHERE channel = 'email')
					FROM notifications WHERE template = ?`, tpl).Row().Scan(&sms, &mail))
				wantSMS, wantMail := c.legal, c.legalM
				if notify.Unsubscribable(tpl) {
					wantSMS, wantMail = c.reminderSMS, c.reminderMail
				}
				if int(sms) != wantSMS || int(mail) != wantMail {
					t.Errorf("%s: %d SMS and %d mails, want %d and %d", tpl, sms, mail, wantSMS, wantMail)
				}
			}
		})
	}
}
