package replicas

import (
	"fmt"
	"net/url"
	"testing"
	"time"
)

// TestLoginLimitsHoldAcrossReplicas: guesses at one account's password
// spread over the three replicas by HAProxy's round robin are refused at
// the same count as on one server (TINDAL_LOGIN_ACCOUNT_LIMIT, 10 by
// default): the counters live in PostgreSQL.
func TestLoginLimitsHoldAcrossReplicas(t *testing.T) {
	t.Parallel()
	p := set.proxy.base()
	var got []int
	for i := range 12 {
		a := set.do(p, "POST", "/v1/auth/login", "", map[string]any{"email": "inspector3@replicas.test",
			"password": fmt.Sprintf("wrong guess %d", i), "installation_id": "attacker"}, "X-Forwarded-For", fmt.Sprintf("198.51.100.%d", i+1))
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
	a := set.do(p, "POST", "/v1/auth/login", "", map[string]any{"email": "inspector3@replicas.test", "password": password,
		"installation_id": "the-inspector"}, "X-Forwarded-For", "198.51.100.200")
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
	attacker := newBrowser(t, "203.0.113.7")
	var last int
	for i := range 31 {
		email := []string{"admin", "supervisor", "inspector", "inspector2"}[i%4] + "@replicas.test"
		last, _, _ = attacker.post(p, "/console/signin", "/console/signin", url.Values{"email": {email}, "password": {"guess " + fmt.Sprint(i)}})
	}
	if last != 429 {
		t.Errorf("the attacker's 31st failed sign-in: %d, want 429", last)
	}
	official := newBrowser(t, "192.0.2.44")
	if st := official.consoleSignIn(p, "inspector2@replicas.test"); st != 303 {
		t.Errorf("an official from another address, through the proxy, after the attacker was refused: %d, want 303 (signed in)", st)
	}
}

// TestPublicAndOneTimeLimitsHoldAcrossReplicas: the public vessel page's
// limit (120 a minute per address) and the one-time sign-in requests'
// limit (5 per email in 15 minutes) hold over three replicas as over one:
// requests spread by round robin are refused at the same count.
func TestPublicAndOneTimeLimitsHoldAcrossReplicas(t *testing.T) {
	t.Parallel()
	p := set.proxy.base()
	// The public page, in one window of the minute (a run that crosses a
	// window's end starts again in the next).
	for attempt := 0; ; attempt++ {
		from := fmt.Sprintf("203.0.113.%d", 100+attempt)
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
	// One-time sign-in requests for one email from different addresses.
	email := "nobody-" + randomHex(4) + "@replicas.test"
	var got []int
	for i := range 6 {
		a := set.do(p, "POST", "/v1/auth/one-time", "", map[string]any{"email": email}, "X-Forwarded-For", fmt.Sprintf("198.18.0.%d", i+1))
		got = append(got, a.status)
	}
	if fmt.Sprint(got) != "[202 202 202 202 202 429]" {
		t.Errorf("one-time requests for one email over 3 replicas: %v, want five 202 then 429", got)
	}
}
