package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"testing"

	"github.com/gofiber/fiber/v2"

	"github.com/tindal/tindal/models"
)

// fuzzKinds are the error kinds of models; an index past them uses the
// fuzzed kind text as it is (a kind no table knows).
var fuzzKinds = []models.Kind{models.KindInvalid, models.KindNotFound, models.KindConflict, models.KindPrecondition,
	models.KindForbidden, models.KindUnauthenticated, models.KindRateLimited, models.KindTooLarge, models.KindUnavailable}

// FuzzProblem checks the one place errors become HTTP answers (docs/ARCHITECTURE.md,
// RFC 9457): whatever error a handler returns, or a panic, the
// client gets a problem+json document whose status is a 4xx or 5xx and
// matches the response's, with the title of that status and the request id;
// a domain error gets its kind's (or code's) status and its safe message;
// and the text of an internal cause never reaches the client.
func FuzzProblem(f *testing.F) {
	f.Add(uint8(0), uint8(0), "", "invalid_cursor", "the cursor was altered", "pq: password authentication failed", 0, 0)
	f.Add(uint8(0), uint8(3), "", "if_match_required", "send If-Match", "SELECT secret FROM users", 0, 0)
	f.Add(uint8(0), uint8(6), "", "too_many_logins", "wait", "10.0.0.7 hammered", 0, 657)
	f.Add(uint8(0), uint8(200), "mystery", "", "", "dial tcp 10.1.2.3:5432", 0, 0)
	f.Add(uint8(1), uint8(0), "", "", "", "open /var/lib/tindal/keys: permission denied", 0, 0)
	f.Add(uint8(2), uint8(0), "", "", "", "unexpected EOF in body: {\"password\":", 400, 0)
	f.Add(uint8(2), uint8(0), "", "", "", "teapot internals", 418, 0)
	f.Add(uint8(2), uint8(0), "", "", "", "not an error status", 200, 0)
	f.Add(uint8(3), uint8(0), "", "", "", "runtime error: index out of range [7] with length 3", 0, 0)
	f.Add(uint8(4), uint8(1), "", "vessel_not_found", "no such vessel", "jurisdiction KA row 42", 0, 0)
	log := slog.New(slog.DiscardHandler)
	app := fiber.New(fiber.Config{ErrorHandler: errorHandler(log), DisableStartupMessage: true})
	app.Use(requestIDMiddleware, recoverMiddleware(log))
	var fail func() error
	app.Get("/e", func(*fiber.Ctx) error { return fail() })
	f.Fuzz(func(t *testing.T, shape, kindIdx uint8, kindText, code, message, secret string, status, retryAfter int) {
		kind := models.Kind(kindText)
		if int(kindIdx) < len(fuzzKinds) {
			kind = fuzzKinds[kindIdx]
		}
		me := &models.Error{Kind: kind, Code: code, Message: message, RetryAfter: retryAfter}
		failWith := func(secret string) func() error {
			cause := *me
			cause.Err = errors.New(secret)
			switch shape % 5 {
			case 0:
				return func() error { return fmt.Errorf("load %s: %w", secret, &cause) }
			case 1:
				return func() error { return fmt.Errorf("store: %w", errors.New(secret)) }
			case 2:
				return func() error { return fiber.NewError(status, secret) }
			case 3:
				return func() error { panic(secret) }
			default:
				return func() error { return errors.Join(errors.New(secret), &cause) }
			}
		}
		fail = failWith(secret)
		res, p := fuzzAnswer(t, app)
		defer res.Body.Close() // closed in fuzzAnswer; bodyclose does not see it
		if res.StatusCode < 400 || res.StatusCode > 599 || p.Status != res.StatusCode {
			t.Fatalf("status %d, problem status %d: want the same 4xx or 5xx (%+v)", res.StatusCode, p.Status, p)
		}
		if ct := res.Header.Get("Content-Type"); ct != "application/problem+json" {
			t.Fatalf("content type %q", ct)
		}
		if p.Type != "about:blank" || p.Title == "" || p.Title != http.StatusText(p.Status) || p.Instance == "" || p.Instance != res.Header.Get(requestIDHeader) {
			t.Fatalf("incomplete problem: %+v", p)
		}
		switch shape % 5 {
		case 0, 4:
			fuzzCheckDomain(t, me, p, res)
		case 1, 3:
			if p.Status != 500 || p.Code != "internal" {
				t.Fatalf("an internal error answered %d %q, want 500 internal", p.Status, p.Code)
			}
		}
		// The internal text must not shape the answer at all: the same error
		// with another cause text gets the same problem.
		other := "other cause \x01"
		if secret == other {
			other += "!"
		}
		fail = failWith(other)
		res2, p2 := fuzzAnswer(t, app)
		defer res2.Body.Close() // closed in fuzzAnswer; bodyclose does not see it
		p.Instance, p2.Instance = "", ""
		if res2.StatusCode != res.StatusCode || !reflect.DeepEqual(p, p2) || res2.Header.Get("Retry-After") != res.Header.Get("Retry-After") {
			t.Fatalf("the internal text %q changed the answer:\n%+v\n%+v", secret, p, p2)
		}
	})
}

// fuzzAnswer sends one request to the failing route and decodes the problem.
func fuzzAnswer(t *testing.T, app *fiber.App) (*http.Response, Problem) {
	t.Helper()
	res, err := app.Test(httptest.NewRequest(http.MethodGet, "/e", nil), -1)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	_ = res.Body.Close() // in memory: app.Test buffers the whole answer
	var p Problem
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("not a JSON problem (%v): %q", err, body)
	}
	return res, p
}

// fuzzCheckDomain: a domain error answers its code's status when that
// has one, else its kind's, else 500; with its own code and message.
func fuzzCheckDomain(t *testing.T, me *models.Error, p Problem, res *http.Response) {
	t.Helper()
	want, ok := statusOfCode[me.Code]
	if !ok {
		want, ok = statusOf[me.Kind]
	}
	if !ok {
		want = 500
	}
	if p.Status != want || p.Code != viaJSON(me.Code) || p.Detail != viaJSON(me.Message) {
		t.Fatalf("%s/%q answered %d %q %q, want %d with its code and message", me.Kind, me.Code, p.Status, p.Code, p.Detail, want)
	}
	if me.RetryAfter > 0 && res.Header.Get("Retry-After") != strconv.Itoa(me.RetryAfter) {
		t.Fatalf("Retry-After %q, want %d", res.Header.Get("Retry-After"), me.RetryAfter)
	}
}

// viaJSON is s as a client decodes it from JSON: invalid UTF-8 becomes
// U+FFFD (our codes and messages are valid UTF-8; fuzzed ones need not be).
func viaJSON(s string) string {
	b, _ := json.Marshal(s)
	var out string
	_ = json.Unmarshal(b, &out)
	return out
}
