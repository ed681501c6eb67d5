package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
)

// flaky is a link that drops the first request's connection and answers
// the second 503 with Retry-After before the server behind it answers.
func flaky(t *testing.T, serve http.HandlerFunc) *httptest.Server {
	t.Helper()
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch n.Add(1) {
		case 1:
			conn, _, err := w.(http.Hijacker).Hijack()
			if err != nil {
				t.Error(err)
				return
			}
			_ = conn.Close()
		case 2:
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusServiceUnavailable)
		default:
			serve(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestPushIsResentWithTheSameIDsAfterALostConnectionAndA503(t *testing.T) {
	var sent [][]uuid.UUID
	srv := flaky(t, func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Mutations []mutation }
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Error(err)
		}
		var ids []uuid.UUID
		for _, m := range body.Mutations {
			ids = append(ids, m.ID)
		}
		sent = append(sent, ids)
		res := make([]map[string]string, len(ids))
		for i := range res {
			res[i] = map[string]string{"status": "applied"}
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"results": res})
	})
	var retries atomic.Int64
	cl := &client{base: srv.URL, http: &http.Client{Timeout: 5 * time.Second}, retries: &retries}
	ms := []mutation{{ID: uuid.New(), Name: "inspection.start"}, {ID: uuid.New(), Name: "inspection.submit"}}
	done, err := cl.push(context.Background(), ms, &series{})
	if err != nil || done != 2 {
		t.Fatalf("push: %d applied, %v", done, err)
	}
	want := []uuid.UUID{ms[0].ID, ms[1].ID}
	if len(sent) != 1 || !slices.Equal(sent[0], want) || retries.Load() != 2 {
		t.Errorf("the server got %v (want once %v) after %d retries (want 2)", sent, want, retries.Load())
	}
}

func TestUploadStartsAgainFromThePlanAfterALostConnectionAndA503(t *testing.T) {
	p := newPhoto(uuid.New())
	var put, completes atomic.Int64
	var srv *httptest.Server
	srv = flaky(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.Method + " " + r.URL.Path {
		case "POST /v1/photos":
			_ = json.NewEncoder(w).Encode(map[string]any{"status": "upload", "method": "single",
				"put": map[string]any{"url": srv.URL + "/store", "headers": map[string]string{"Content-Type": "image/jpeg"}}})
		case "PUT /store":
			if r.ContentLength != int64(len(p.data)) {
				t.Errorf("PUT of %d bytes, want %d", r.ContentLength, len(p.data))
			}
			put.Add(1)
		case "POST /v1/photos/" + p.id.String() + "/complete":
			completes.Add(1)
			_ = json.NewEncoder(w).Encode(map[string]any{"photo_id": p.id, "state": "verified"})
		default:
			t.Errorf("unexpected %s %s", r.Method, r.URL.Path)
		}
	})
	var retries atomic.Int64
	cl := &client{base: srv.URL, http: &http.Client{Timeout: 5 * time.Second}, retries: &retries}
	if err := cl.upload(context.Background(), p); err != nil {
		t.Fatal(err)
	}
	if put.Load() != 1 || completes.Load() != 1 || retries.Load() != 2 {
		t.Errorf("puts %d, completes %d, retries %d; want 1, 1, 2", put.Load(), completes.Load(), retries.Load())
	}
}

func TestRSSRuleComparesTheLastMinuteWithTheSecond(t *testing.T) {
	series := func(second, last int64) []memSample {
		var out []memSample
		for at := time.Duration(0); at < 4*time.Minute; at += rssEvery {
			m := memSample{at: at, rss: 500 << 20} // the warm-up is not judged
			switch {
			case at >= 3*time.Minute:
				m.rss = last
			case at >= time.Minute && at < 2*time.Minute:
				m.rss = second
			}
			out = append(out, m)
		}
		return out
	}
	for _, c := range []struct {
		second, last int64
		d            time.Duration
		ok           bool
	}{
		{100 << 20, 125 << 20, 4 * time.Minute, true},
		{100 << 20, 126 << 20, 4 * time.Minute, false},
		{100 << 20, 90 << 20, 4 * time.Minute, true},
		{100 << 20, 200 << 20, 150 * time.Second, true}, // under 3 minutes: not judged
	} {
		if ok, why := rssJudge(series(c.second, c.last), c.d); ok != c.ok {
			t.Errorf("second %d MiB, last %d MiB over %s: ok %v (%s), want %v",
				c.second>>20, c.last>>20, c.d, ok, why, c.ok)
		}
	}
}
