package main

import (
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
)

func TestPprofOnlyOnLoopback(t *testing.T) {
	for _, addr := range []string{"0.0.0.0:6060", ":6060", "example.org:6060", "nonsense"} {
		if err := startPprof(addr, slog.New(slog.DiscardHandler)); err == nil || !strings.Contains(err.Error(), "TINDAL_PPROF_ADDR") {
			t.Errorf("%q: err = %v, want refused naming the variable", addr, err)
		}
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	if err := startPprof(addr, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	res, err := http.Get("http://" + addr + "/debug/pprof/")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !strings.Contains(string(body), "goroutine") {
		t.Fatalf("index: %d %.80s", res.StatusCode, body)
	}
}
