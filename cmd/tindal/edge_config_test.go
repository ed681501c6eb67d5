package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/auth"
)

func TestLoginLimitsProxiesAndMetricsSettings(t *testing.T) {
	c, err := loadConfig(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.AccountLimit != (auth.RateLimit{Max: 10, Window: 15 * time.Minute}) || c.AddressLimit != (auth.RateLimit{Max: 30, Window: 15 * time.Minute}) ||
		len(c.TrustedProxies) != 0 || c.MetricsAddr != "127.0.0.1:9464" {
		t.Fatalf("defaults: %+v %+v %v %q", c.AccountLimit, c.AddressLimit, c.TrustedProxies, c.MetricsAddr)
	}
	c, err = loadConfig(env(map[string]string{"TINDAL_LOGIN_ACCOUNT_LIMIT": "5/30m", "TINDAL_LOGIN_ADDRESS_LIMIT": "200/1h",
		"TINDAL_TRUSTED_PROXIES": "10.0.0.0/8, 192.0.2.7,fd00::/8", "TINDAL_METRICS_ADDR": "off"}))
	if err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.0.2.7/32"), netip.MustParsePrefix("fd00::/8")}
	if c.AccountLimit != (auth.RateLimit{Max: 5, Window: 30 * time.Minute}) || c.AddressLimit != (auth.RateLimit{Max: 200, Window: time.Hour}) ||
		len(c.TrustedProxies) != 3 || c.TrustedProxies[0] != want[0] || c.TrustedProxies[1] != want[1] || c.TrustedProxies[2] != want[2] {
		t.Fatalf("parsed: %+v %+v %v", c.AccountLimit, c.AddressLimit, c.TrustedProxies)
	}
	_, err = loadConfig(env(map[string]string{"TINDAL_LOGIN_ACCOUNT_LIMIT": "ten", "TINDAL_LOGIN_ADDRESS_LIMIT": "30/1s",
		"TINDAL_TRUSTED_PROXIES": "10.0.0.0/33", "TINDAL_METRICS_ADDR": "9464"}))
	for _, name := range []string{"TINDAL_LOGIN_ACCOUNT_LIMIT", "TINDAL_LOGIN_ADDRESS_LIMIT", "TINDAL_TRUSTED_PROXIES", "TINDAL_METRICS_ADDR"} {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("error does not name %s: %v", name, err)
		}
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"tindal", "serve", "--help"}, env(nil), &out, &out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"TINDAL_LOGIN_ACCOUNT_LIMIT", "TINDAL_LOGIN_ADDRESS_LIMIT", "TINDAL_TRUSTED_PROXIES", "TINDAL_METRICS_ADDR"} {
		if !strings.Contains(out.String(), name) {
			t.Errorf("serve --help does not list %s", name)
		}
	}
}

// TestMetricsListenerIsSeparate: /metrics is served by its own listener.
func TestMetricsListenerIsSeparate(t *testing.T) {
	reg := prometheus.NewRegistry()
	reg.MustRegister(prometheus.NewCounter(prometheus.CounterOpts{Name: "tindal_test_total", Help: "a test counter"}))
	addr, stop, err := startMetrics("127.0.0.1:0", reg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(b), "tindal_test_total") {
		t.Fatalf("scrape: %d %s", res.StatusCode, b)
	}
}
