package main

import (
	"fmt"
	"net"
	"strings"
)

// listen binds the HTTP address before anything that hands out URLs is
// built, and settles the public base URL: TINDAL_PUBLIC_BASE_URL when set,
// else one derived from the address actually bound (so ":0" or ":9090"
// give the port the server serves on, not a fixed :8080), with a warning
// that phones and calendar apps elsewhere cannot reach it.
func (a *app) listen() error {
	ln, err := net.Listen("tcp", a.cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", a.cfg.HTTPAddr, err)
	}
	a.ln = ln
	if a.cfg.PublicBaseURL == "" {
		a.cfg.PublicBaseURL = baseURLOf(ln.Addr())
		a.log.Warn("TINDAL_PUBLIC_BASE_URL is not set: calendar feed and photo URLs use the "+
			"listen address; set it to the URL owners and phones reach",
			"derived", a.cfg.PublicBaseURL)
	}
	a.cfg.PublicBaseURL = strings.TrimRight(a.cfg.PublicBaseURL, "/")
	return nil
}

// baseURLOf is http://HOST:PORT for a bound address; an unspecified host
// (0.0.0.0, ::) becomes 127.0.0.1, the one name sure to reach it.
func baseURLOf(addr net.Addr) string {
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		return "http://" + addr.String()
	}
	host := tcp.IP.String()
	if tcp.IP == nil || tcp.IP.IsUnspecified() {
		// Go binds ":port" and "0.0.0.0:port" dual-stack and reports "::";
		// IPv4 loopback reaches either.
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, fmt.Sprint(tcp.Port))
}
