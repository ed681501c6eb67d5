package main

import (
	"bytes"
	"fmt"
	"net"
	"strings"
	"testing"
)

func TestPublicBaseURLDerivedFromTheBoundPortWithAWarning(t *testing.T) {
	cases := []struct{ addr, configured, wantHost string }{
		{"127.0.0.1:0", "", "127.0.0.1"},
		{"0.0.0.0:0", "", "127.0.0.1"}, // all interfaces: loopback is the one sure name
		{"127.0.0.1:0", "https://tindal.example.in/", ""},
	}
	for _, c := range cases {
		var logs bytes.Buffer
		a := &app{cfg: config{HTTPAddr: c.addr, PublicBaseURL: c.configured}, log: newLogger(&logs, "info")}
		if err := a.listen(); err != nil {
			t.Fatal(err)
		}
		port := a.ln.Addr().(*net.TCPAddr).Port
		a.ln.Close()
		if c.configured != "" {
			if a.cfg.PublicBaseURL != "https://tindal.example.in" || strings.Contains(logs.String(), "TINDAL_PUBLIC_BASE_URL") {
				t.Errorf("configured: %q, logs %s", a.cfg.PublicBaseURL, logs.String())
			}
			continue
		}
		if want := fmt.Sprintf("http://%s:%d", c.wantHost, port); a.cfg.PublicBaseURL != want || port == 8080 {
			t.Errorf("%s: base %q, want %q (the port actually bound)", c.addr, a.cfg.PublicBaseURL, want)
		}
		if !strings.Contains(logs.String(), `"level":"WARN"`) || !strings.Contains(logs.String(), "TINDAL_PUBLIC_BASE_URL is not set") {
			t.Errorf("no warning: %s", logs.String())
		}
	}
}
