package api_test

import (
	"fmt"
	"net/url"
	"strings"
	stdsync "sync"
	"testing"
	"time"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// oneNotice approves an inspection of a vessel with a missing fire
// extinguisher (Karnataka 2025, Sch-IV KA-F09 and the penalties of the
// persons liable with the owner).
func (h *harness) oneNotice(vessel string) noticeJSON {
	h.t.Helper()
	id := h.ids["vessel-KARWAR"]
	if vessel != "" {
		id = h.newVessel(vessel)
	}
	return h.approve(h.submittedFor(h.pusher("inspector"), id, testkit.Now().Add(-3*time.Hour),
		finding{code: rules.CodeExtinguisherMissing}))
}

// TestUPIPaymentRequest: the owner and the office get the notice's
// upi://pay request for the amount due with the notice number as the
// reference, properly encoded, and its QR; another owner and another
// office get 404; once paid, 409.
func TestUPIPaymentRequest(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addOwnerUser("owner-mangaluru", "MANGALURU")
	n := h.oneNotice("")
	path := "/v1/penalty-notices/" + n.ID + "/upi"
	r := h.do("GET", path, "owner", nil)
	if r.status != 200 {
		t.Fatalf("owner: %d %s", r.status, r.body)
	}
	am := fmt.Sprintf("%d.00", n.Due)
	want := "upi://pay?pa=registrar.karwar@sbi&pn=Registrar%20of%20Boats%2C%20Karwar&am=" + am + "&cu=INR&tn=Penalty%20notice%20" +
		url.QueryEscape(n.Number) + "&tr=" + url.QueryEscape(n.Number)
	if got := r.json()["uri"]; got != want || r.json()["amount"] != am || r.json()["reference"] != n.Number {
		t.Errorf("uri %v\nwant %s", got, want)
	}
	u, err := url.Parse(want)
	h.must(err)
	if q := u.Query(); q.Get("tr") != n.Number || q.Get("pn") != "Registrar of Boats, Karwar" || q.Get("am") != am {
		t.Errorf("the link does not decode to its parts: %v", q)
	}
	for user, status := range map[string]int{"": 401, "registrar": 200, "supervisor": 200, "inspector": 200,
		"inspector-mangaluru": 404, "owner-mangaluru": 404, "admin": 200} {
		if r := h.do("GET", path, user, nil); r.status != status {
			t.Errorf("%q: %d %s, want %d", user, r.status, r.body, status)
		}
	}
	qr := h.do("GET", path+".png", "owner", nil)
	if qr.status != 200 || qr.header.Get("Content-Type") != "image/png" || !strings.HasPrefix(string(qr.body), "\x89PNG") {
		t.Errorf("qr: %d %s", qr.status, qr.header.Get("Content-Type"))
	}
	if r := h.do("GET", path+".png", "owner-mangaluru", nil); r.status != 404 {
		t.Errorf("another owner's qr: %d", r.status)
	}
	for i, l := range n.Lines {
		pay := h.do("POST", "/v1/penalty-notices/"+n.ID+"/payments", "registrar", map[string]any{"penalty_id": l.PenaltyID,
			"amount": l.Due, "paid_on": rules.DateOf(testkit.Now()).String(), "receipt_number": fmt.Sprintf("R-%d", i)})
		if pay.status != 201 {
			t.Fatalf("pay: %d %s", pay.status, pay.body)
		}
	}
	if r := h.do("GET", path, "owner", nil); r.status != 409 || r.json()["code"] != "nothing_due" {
		t.Errorf("a paid notice: %d %s", r.status, r.body)
	}
}

func (h *harness) importStatement(user, jurisdiction, csv string) response {
	h.t.Helper()
	return h.do("POST", "/v1/bank-statements?jurisdiction_id="+h.ids[jurisdiction].String(), user, []byte(csv),
		"Content-Type", "text/csv")
}

func statementOf(rows ...string) string {
	return "\ufeffdate,bank_reference,amount,narration\r\n" + strings.Join(rows, "\r\n") + "\r\n"
}

// TestBankStatementImport: a statement (BOM, CRLF, quoted Indian-grouped
// amounts) records the credit that names a notice and is its amount due
// once; a credit one paisa off, one naming no notice and one naming a
// paid notice go to the queue; importing it again records nothing twice;
// the registrar resolves the queue; only registrars of the office reach it.
func TestBankStatementImport(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	paid, short := h.oneNotice(""), h.oneNotice("KA-KAR-0002")
	today := rules.DateOf(testkit.Now())
	ddmm := fmt.Sprintf("%02d-%02d-%d", today.Day, int(today.Month), today.Year)
	slashless := strings.ReplaceAll(paid.Number, "/", " ")
	csv := statementOf(
		ddmm+`,UTR0001,"`+grouped(paid.Due*100)+`","UPI/`+slashless+`/Lakshmi"`,
		today.String()+`,UTR0002,"`+grouped(short.Due*100-1)+`",`+short.Number+` one paisa short`,
		ddmm+`,UTR0003,"1,00,000.00",no notice named here`,
		ddmm+`,UTR0004,`+fmt.Sprint(paid.Due)+`,"again `+paid.Number+`, ""paid"" twice"`,
	)
	for user, status := range map[string]int{"": 401, "owner": 403, "inspector": 403, "supervisor": 403} {
		if r := h.importStatement(user, "KARWAR", csv); r.status != status {
			t.Errorf("%q imports: %d %s", user, r.status, r.body)
		}
	}
	if r := h.importStatement("registrar", "MANGALURU", csv); r.status != 404 {
		t.Errorf("a Karwar registrar imports for Mangaluru: %d %s", r.status, r.body)
	}
	first := h.importStatement("registrar", "KARWAR", csv)
	if first.status != 200 {
		t.Fatalf("import: %d %s", first.status, first.body)
	}
	got := first.json()
	if got["recorded"] != 1.0 || got["queued"] != 3.0 || got["already_recorded"] != 0.0 {
		t.Errorf("first import: %s", first.body)
	}
	reasons := map[string]string{}
	for _, c := range got["credits"].([]any) {
		c := c.(map[string]any)
		reasons[c["bank_reference"].(string)] = c["state"].(string) + "/" + c["reason"].(string)
	}
	want := map[string]string{"UTR0001": "recorded/", "UTR0002": "queued/amount_mismatch",
		"UTR0003": "queued/unknown_notice", "UTR0004": "queued/nothing_due"}
	for ref, w := range want {
		if reasons[ref] != w {
			t.Errorf("%s: %s, want %s", ref, reasons[ref], w)
		}
	}
	if n := h.notice(paid.ID, "owner"); n.Status != "paid" {
		t.Errorf("the matched notice is %s", n.Status)
	}
	again := h.importStatement("registrar", "KARWAR", csv)
	if j := again.json(); again.status != 200 || j["recorded"] != 0.0 || j["queued"] != 0.0 || j["already_recorded"] != 4.0 {
		t.Errorf("re-import: %d %s", again.status, again.body)
	}
	if n := h.count("penalty_payments"); n != dueLines(paid) {
		t.Errorf("%d payments, want one for each of the %d penalties due", n, dueLines(paid))
	}

	queue := h.do("GET", "/v1/bank-credits?state=queued", "registrar", nil)
	items, _ := queue.json()["items"].([]any)
	if queue.status != 200 || len(items) != 3 {
		t.Fatalf("queue: %d %s", queue.status, queue.body)
	}
	for _, u := range []string{"owner", "inspector", "supervisor"} {
		if r := h.do("GET", "/v1/bank-credits", u, nil); r.status != 403 {
			t.Errorf("%s lists credits: %d", u, r.status)
		}
	}
	id := map[string]string{}
	for _, it := range items {
		it := it.(map[string]any)
		id[it["bank_reference"].(string)] = it["id"].(string)
	}
	resolve := func(user, ref string, body map[string]any) response {
		return h.do("POST", "/v1/bank-credits/"+id[ref]+"/resolve", user, body)
	}
	if r := resolve("registrar", "UTR0002", map[string]any{"action": "apply", "notice_id": short.ID}); r.status != 422 || r.json()["code"] != "amount_mismatch" {
		t.Errorf("applying a credit one paisa short: %d %s", r.status, r.body)
	}
	if r := resolve("registrar", "UTR0003", map[string]any{"action": "apply", "notice_id": short.ID}); r.status != 422 {
		t.Errorf("applying ₹1,00,000 to a ₹5,000 notice: %d %s", r.status, r.body)
	}
	if r := resolve("registrar", "UTR0002", map[string]any{"action": "dismiss"}); r.status != 422 {
		t.Errorf("a dismissal without a reason: %d %s", r.status, r.body)
	}
	dismiss := map[string]any{"action": "dismiss", "reason": "part payment; refunded to the payer"}
	if r := resolve("registrar", "UTR0002", dismiss); r.status != 200 || r.json()["state"] != "dismissed" {
		t.Errorf("dismiss: %d %s", r.status, r.body)
	}
	if r := resolve("registrar", "UTR0002", dismiss); r.status != 200 {
		t.Errorf("the same dismissal again: %d %s", r.status, r.body)
	}
	if r := resolve("registrar", "UTR0002", map[string]any{"action": "apply", "notice_id": short.ID}); r.status != 409 {
		t.Errorf("applying a dismissed credit: %d %s", r.status, r.body)
	}
	if r := resolve("supervisor", "UTR0003", dismiss); r.status != 403 {
		t.Errorf("a supervisor resolves: %d", r.status)
	}
	if r := h.do("POST", "/v1/bank-credits/"+n0(paid.ID)+"/resolve", "registrar", dismiss); r.status != 404 {
		t.Errorf("an unknown credit: %d", r.status)
	}
}

// grouped writes paise as rupees grouped the Indian way: 1,00,000.00.
func grouped(paise int64) string {
	r := fmt.Sprint(paise / 100)
	var head, tail string
	if len(r) > 3 {
		head, tail = r[:len(r)-3], ","+r[len(r)-3:]
	} else {
		head = r
	}
	for len(head) > 2 {
		tail = "," + head[len(head)-2:] + tail
		head = head[:len(head)-2]
	}
	return fmt.Sprintf("%s%s.%02d", head, tail, paise%100)
}

// dueLines counts the penalties with something due on a notice: a credit
// records one payment each.
func dueLines(n noticeJSON) int64 {
	var k int64
	for _, l := range n.Lines {
		if l.Due > 0 {
			k++
		}
	}
	return k
}

// n0 is an id no credit has.
func n0(id string) string {
	return id[:len(id)-1] + map[bool]string{true: "1", false: "0"}[strings.HasSuffix(id, "0")]
}

// TestBankCreditAppliedByTheRegistrar: a credit naming no notice is
// applied by the registrar to the notice it pays, recording its payment
// once (the same decision again changes nothing).
func TestBankCreditAppliedByTheRegistrar(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	n := h.oneNotice("")
	r := h.importStatement("registrar", "KARWAR", statementOf(rules.DateOf(testkit.Now()).String()+",UTR9,"+fmt.Sprint(n.Due)+",fine for my boat"))
	c := r.json()["credits"].([]any)[0].(map[string]any)
	if c["state"] != "queued" {
		t.Fatalf("import: %s", r.body)
	}
	for range 2 {
		a := h.do("POST", "/v1/bank-credits/"+c["id"].(string)+"/resolve", "registrar", map[string]any{"action": "apply", "notice_id": n.ID})
		if a.status != 200 || a.json()["state"] != "applied" || a.json()["notice_id"] != n.ID {
			t.Errorf("apply: %d %s", a.status, a.body)
		}
	}
	if p := h.count("penalty_payments"); p != dueLines(n) || h.notice(n.ID, "owner").Status != "paid" {
		t.Errorf("%d payments", p)
	}
}

// TestBankStatementBadBytes: NUL, bytes that are not UTF-8, a bidi
// control, a malformed amount or date answer 422 naming the row and
// column, and nothing is recorded.
func TestBankStatementBadBytes(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	n := h.oneNotice("")
	good := "02-12-2026,UTR1,5000.00," + n.Number
	for _, c := range []struct {
		name, row, field string
	}{
		{"NUL", "02-12-2026,UTR2,5000.00,pay\x00ment", "rows[3].narration"},
		{"invalid UTF-8", "02-12-2026,UTR2,5000.00,pay\xffment", "rows[3].narration"},
		{"bidi override", "02-12-2026,UTR\u202e2,5000.00,payment", "rows[3].bank_reference"},
		{"amount in words", "02-12-2026,UTR2,five thousand,payment", "rows[3].amount"},
		{"amount badly grouped", `02-12-2026,UTR2,"5,0000.00",payment`, "rows[3].amount"},
		{"three decimals", "02-12-2026,UTR2,5000.001,payment", "rows[3].amount"},
		{"a debit", "02-12-2026,UTR2,-5000.00,payment", "rows[3].amount"},
		{"no date", "31-02-2026,UTR2,5000.00,payment", "rows[3].date"},
		{"a repeated reference", "02-12-2026,UTR1,5000.00,payment", "rows[3].bank_reference"},
		{"a bare quote", `02-12-2026,UTR2,5000.00,pay"ment`, "rows[3].date"},
		{"five columns", "02-12-2026,UTR2,5000.00,payment,extra", "rows[3].date"},
	} {
		r := h.importStatement("registrar", "KARWAR", statementOf(good, c.row))
		if code, _ := fieldError(r, c.field); r.status != 422 || r.json()["code"] != "invalid_statement" || code == "" {
			t.Errorf("%s: %d %s, want 422 naming %s", c.name, r.status, r.body, c.field)
		}
	}
	if r := h.importStatement("registrar", "KARWAR", "date,reference,amount,note\n"); r.status != 422 {
		t.Errorf("a wrong header: %d %s", r.status, r.body)
	}
	if c, p := h.count("bank_credits"), h.count("penalty_payments"); c != 0 || p != 0 {
		t.Errorf("refused statements recorded %d credits and %d payments", c, p)
	}
	var rows []string
	for i := range 2001 {
		rows = append(rows, fmt.Sprintf("02-12-2026,U%d,1.00,x", i))
	}
	if r := h.importStatement("registrar", "KARWAR", statementOf(rows...)); r.status != 422 && r.status != 413 {
		t.Errorf("2001 rows: %d %s", r.status, r.body)
	}
}

// TestBankStatementImportedTwentyTimesAtOnce: twenty concurrent imports of
// the same statement record each payment once and each credit once.
func TestBankStatementImportedTwentyTimesAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	a, b := h.oneNotice(""), h.oneNotice("KA-KAR-0002")
	day := rules.DateOf(testkit.Now()).String()
	csv := statementOf(day+",UTRA,"+fmt.Sprint(a.Due)+","+a.Number, day+",UTRB,"+fmt.Sprint(b.Due)+".00,"+b.Number,
		day+",UTRC,12.00,unknown")
	var wg stdsync.WaitGroup
	var mu stdsync.Mutex
	recorded := 0
	for range 20 {
		wg.Go(func() {
			r := h.importStatement("registrar", "KARWAR", csv)
			if r.status != 200 {
				t.Errorf("import: %d %s", r.status, r.body)
				return
			}
			mu.Lock()
			recorded += int(r.json()["recorded"].(float64))
			mu.Unlock()
		})
	}
	wg.Wait()
	if p, c := h.count("penalty_payments"), h.count("bank_credits"); p != dueLines(a)+dueLines(b) || c != 3 || recorded != 2 {
		t.Errorf("%d payments, %d credits, %d recorded answers; want %d, 3, 2", p, c, recorded, dueLines(a)+dueLines(b))
	}
}

// TestUPIPayeeIsTheNoticesJurisdictions: a Karwar notice asks to be paid
// to Karwar's account and a Mangaluru notice to Mangaluru's, in the
// request and in its upi:// link; once Mangaluru's payee is cleared, its
// notice has no UPI request (409 no_upi_payee, the QR too) while Karwar's
// is unchanged; a payee given in part is refused naming the field.
func TestUPIPayeeIsTheNoticesJurisdictions(t *testing.T) {
	t.Parallel()
	h := newHarness(t)
	h.addUser("supervisor-mangaluru", models.RoleSupervisor, "MANGALURU")
	karwar := h.oneNotice("")
	insp := h.submittedFor(h.pusher("inspector-mangaluru"), h.ids["vessel-MANGALURU"], testkit.Now().Add(-3*time.Hour),
		finding{code: rules.CodeExtinguisherMissing})
	if r := h.do("POST", "/v1/inspections/"+insp.String()+"/review", "supervisor-mangaluru",
		map[string]any{"decision": "approve"}); r.status != 200 {
		t.Fatalf("approve the Mangaluru inspection: %d %s", r.status, r.body)
	}
	mangaluru := h.noticeOf(insp)
	upi := func(n noticeJSON, user string) response {
		return h.do("GET", "/v1/penalty-notices/"+n.ID+"/upi", user, nil)
	}
	for _, tc := range []struct {
		n          noticeJSON
		user       string
		vpa, name  string
		otherPayee string
	}{
		{karwar, "registrar", "registrar.karwar@sbi", "Registrar of Boats, Karwar", "Mangaluru"},
		{mangaluru, "supervisor-mangaluru", "registrar.mangaluru@sbi", "Registrar of Boats, Mangaluru", "Karwar"},
	} {
		r := upi(tc.n, tc.user)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", tc.vpa, r.status, r.body)
		}
		u, err := url.Parse(fmt.Sprint(r.json()["uri"]))
		h.must(err)
		if q := u.Query(); q.Get("pa") != tc.vpa || q.Get("pn") != tc.name || r.json()["payee"] != tc.vpa ||
			r.json()["payee_name"] != tc.name || strings.Contains(string(r.body), tc.otherPayee) {
			t.Errorf("notice %s asks to be paid to %s %q (%s), want %s %q", tc.n.Number, q.Get("pa"), q.Get("pn"),
				r.body, tc.vpa, tc.name)
		}
	}

	path := "/v1/jurisdictions/" + h.ids["MANGALURU"].String()
	j := h.do("GET", path, "admin", nil)
	if j.status != 200 {
		t.Fatalf("read Mangaluru: %d %s", j.status, j.body)
	}
	if p, _ := j.json()["upi_payee"].(map[string]any); p["vpa"] != "registrar.mangaluru@sbi" {
		t.Errorf("Mangaluru's payee as the API reads it: %s", j.body)
	}
	version := fmt.Sprint(j.json()["version"])
	patch := func(payee map[string]any) response {
		return h.do("PATCH", path, "admin", map[string]any{"upi_payee": payee}, "If-Match", `"`+version+`"`)
	}
	if r := patch(map[string]any{"vpa": "registrar.mangaluru@sbi", "name": ""}); r.status != 422 ||
		!strings.Contains(string(r.body), "upi_payee.name") {
		t.Errorf("a payee without its name: %d %s", r.status, r.body)
	}
	if r := patch(map[string]any{"vpa": "not an address", "name": "Registrar"}); r.status != 422 ||
		!strings.Contains(string(r.body), "upi_payee.vpa") {
		t.Errorf("a payee without an address: %d %s", r.status, r.body)
	}
	if r := patch(map[string]any{"vpa": "", "name": ""}); r.status != 200 || r.json()["upi_payee"] != nil {
		t.Fatalf("clear Mangaluru's payee: %d %s", r.status, r.body)
	}
	for _, p := range []string{"", ".png"} {
		r := h.do("GET", "/v1/penalty-notices/"+mangaluru.ID+"/upi"+p, "supervisor-mangaluru", nil)
		if r.status != 409 || r.json()["code"] != "no_upi_payee" ||
			!strings.HasPrefix(r.header.Get("Content-Type"), "application/problem+json") {
			t.Errorf("upi%s of a notice whose office takes no UPI payments: %d %s %s", p, r.status,
				r.header.Get("Content-Type"), r.body)
		}
	}
	if r := upi(karwar, "owner"); r.status != 200 || r.json()["payee"] != "registrar.karwar@sbi" {
		t.Errorf("Karwar's notice after Mangaluru's payee went: %d %s", r.status, r.body)
	}
}
