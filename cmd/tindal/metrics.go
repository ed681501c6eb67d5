package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tindal/tindal/api"
)

// startMetrics serves /metrics on its own listener (TINDAL_METRICS_ADDR,
// loopback by default), never on the public API port: route names, pool
// sizes and backlog ages are for the operator's Prometheus. "off" serves
// none. It returns the address listened on and a function that stops it.
func startMetrics(addr string, reg *prometheus.Registry, log *slog.Logger) (bound string, stop func(), err error) {
	if addr == "off" {
		return "", func() {}, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("TINDAL_METRICS_ADDR: %w", err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", api.MetricsHandler(reg))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()                             //nolint:errcheck // ends with ErrServerClosed
	if host, _, _ := net.SplitHostPort(addr); !isLoopback(host) { //nolint:errcheck // unparsable: not loopback
		log.Warn("metrics are served beyond loopback; keep the port off the public network", "addr", ln.Addr().String())
	}
	log.Info("metrics", "addr", ln.Addr().String())
	return ln.Addr().String(), func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx) //nolint:errcheck // shutting down
	}, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
