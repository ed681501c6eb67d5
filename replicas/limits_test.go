package replicas

import (
	"crypto/rand"
	"fmt"
	"net/url"
	"slices"
	"testing"
	"time"

	"github.com/tindal/tindal/document"
	"github.com/tindal/tindal/models"
)

// TestLoginLimitsHoldAcrossReplicas: guesses at one account's password
// spread over the three replicas by HAProxy's round robin are refused at
// the same count as on one server (TINDAL_LOGIN_ACCOUNT_LIMIT, 10 by
// default): the counters live in PostgreSQL.
func TestLoginLimitsHoldAcrossReplicas(t *testing.T) {
	t.Parallel()
	p := set.proxy.base()
	victim, err := newUser(models.RoleInspector, "victim")
	must(t, err)
	var got []int
	for i := range 12 {
		a := set.do(p, "POST", "/v1/auth/login", "", map[string]any{"email": victim,
			"password": fmt.Sprintf("wrong guess %d", i), "installation_id": "attacker"}, "X-Forwarded-For", randomAddr("198.51.100"))
		if a.err != nil {
			t.Fatal(a.err)
		}
		got = append(got, a.status)
		if a.status == 429 && a.header.Get("Retry-After") == "" {
			t.Errorf("guess %d: 429 without Retry-After", i+1)
		}
	}
	for i, st := range got {
		want := 401
		if i >= 10 {
			want = 429
		}
		if st != want {
			t.Errorf("guesses spread over 3 replicas answered %v; want 401 for the first 10, then 429", got)
			break
		}
	}
	a := set.do(p, "POST", "/v1/auth/login", "", map[string]any{"email": victim, "password": password,
		"installation_id": "the-inspector"}, "X-Forwarded-For", randomAddr("198.51.100"))
	if a.status != 429 {
		t.Errorf("the right password on a locked account: %d, want 429", a.status)
	}
}

// TestConsoleAddressLimitCountsTheClientNotTheProxy: an attacker behind
// one address guesses console passwords through HAProxy until the address
// limit (30 failures) refuses it; someone else, from another address,
// still signs in. The console must count the address X-Forwarded-For
// names, as the API does: counted by the socket's peer, every person
// behind the proxy shared the proxy's address, and one attacker locked
// every official out of the console.
func TestConsoleAddressLimitCountsTheClientNotTheProxy(t *testing.T) {
	t.Parallel()
	p := set.proxy.base()
	var victims []string
	for range 4 {
		v, err := newUser(models.RoleSupervisor, "victim")
		must(t, err)
		victims = append(victims, v)
	}
	attacker := newBrowser(t, randomAddr("203.0.113"))
	var last int
	for i := range 31 {
		email := victims[i%4] // 8 guesses each: under the account limit, so only the address limit refuses
		last, _, _ = attacker.post(p, "/console/signin", "/console/signin", url.Values{"email": {email}, "password": {"guess " + fmt.Sprint(i)}})
	}
	if last != 429 {
		t.Errorf("the attacker's 31st failed sign-in: %d, want 429", last)
	}
	official := newBrowser(t, randomAddr("192.0.2"))
	email, err := newUser(models.RoleInspector, "official")
	must(t, err)
	if st := official.consoleSignIn(p, email); st != 303 {
		t.Errorf("an official from another address, through the proxy, after the attacker was refused: %d, want 303 (signed in)", st)
	}
}

// TestPublicAndOneTimeLimitsHoldAcrossReplicas: the public vessel page's
// limit (120 a minute per address), the document verifications' (30 a
// minute per address) and the one-time sign-in requests' (5 per email in
// 15 minutes) hold over three replicas as over one: requests spread by
// round robin are refused at the same count. The verifications' limit was
// counted in each replica's memory, and allowed three times as many.
func TestPublicAndOneTimeLimitsHoldAcrossReplicas(t *testing.T) {
	t.Parallel()
	p := set.proxy.base()
	// The public page, in one window of the minute (a run that crosses a
	// window's end starts again in the next).
	for attempt := 0; ; attempt++ {
		from := randomAddr("198.51.100")
		window := time.Now().Truncate(time.Minute)
		ok := 0
		var refused answer
		for range 130 {
			a := set.do(p, "GET", "/v/vessel/KA-KWR-0001", "", nil, "X-Forwarded-For", from)
			if a.status == 200 {
				ok++
				continue
			}
			refused = a
			break
		}
		if !time.Now().Truncate(time.Minute).Equal(window) && attempt < 2 {
			continue
		}
		if ok != 120 || refused.status != 429 || refused.header.Get("Retry-After") == "" {
			t.Errorf("the public page through 3 replicas: %d answered, then %d (Retry-After %q); want 120, then 429",
				ok, refused.status, refused.header.Get("Retry-After"))
		}
		break
	}
	// Document verifications (30 a minute per address) of a code that
	// names nothing: 404 thirty times, then 429.
	for attempt := 0; ; attempt++ {
		from := randomAddr("192.0.2")
		window := time.Now().Truncate(time.Minute)
		code := document.NewCode()
		var got []int
		for range 31 {
			got = append(got, set.do(p, "GET", "/v/"+code, "", nil, "Accept", "application/json", "X-Forwarded-For", from).status)
		}
		if !time.Now().Truncate(time.Minute).Equal(window) && attempt < 2 {
			continue
		}
		if slices.Index(got, 429) != 30 || slices.ContainsFunc(got[:30], func(st int) bool { return st != 404 }) {
			t.Errorf("31 verifications through 3 replicas answered %v; want 404 thirty times, then 429", got)
		}
		break
	}
	// One-time sign-in requests for one email from different addresses.
	email := "nobody-" + randomHex(4) + "@replicas.test"
	var got []int
	for i := range 6 {
		a := set.do(p, "POST", "/v1/auth/one-time", "", map[string]any{"email": email}, "X-Forwarded-For", randomAddr("198.18.0"))
		_ = i
		got = append(got, a.status)
	}
	if fmt.Sprint(got) != "[202 202 202 202 202 429]" {
		t.Errorf("one-time requests for one email over 3 replicas: %v, want five 202 then 429", got)
	}
}

// randomAddr is an address in the /24 given, different each run: the
// limits a test exhausts are its own.
func randomAddr(net24 string) string {
	b := make([]byte, 1)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s.%d", net24, 1+int(b[0])%254)
}
