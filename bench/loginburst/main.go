// Command loginburst sends n logins at once to a running server and
// reports what each got and the server's resident memory: idle before, and
// the peak (VmHWM) after (17 concurrent logins took the server
// from 105 MB to 595 MB). Every answer must be 200, or 503 with
// Retry-After; anything else fails the run.
//
//	loginburst -url http://127.0.0.1:18181 -pid $SERVER_PID -n 300
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "server base URL")
	pid := flag.Int("pid", 0, "the server's process id, for its memory (0: not read)")
	n := flag.Int("n", 300, "logins sent at once")
	email := flag.String("email", "inspector.karwar@demo.tindal", "account")
	password := flag.String("password", os.Getenv("TINDAL_DEMO_PASSWORD"), "password")
	flag.Parse()
	idle := status(*pid, "VmRSS")
	codes := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for i := range *n {
		wg.Go(func() {
			body, _ := json.Marshal(
				map[string]string{"email": *email, "password": *password, "installation_id": fmt.Sprintf("burst-%d", i)},
			)
			res, err := http.Post(*url+"/v1/auth/login", "application/json", bytes.NewReader(body))
			k := "error"
			if err == nil {
				_ = res.Body.Close()
				k = fmt.Sprint(res.StatusCode)
				if res.StatusCode == 503 && res.Header.Get("Retry-After") != "" {
					k = "503+Retry-After"
				}
			}
			mu.Lock()
			codes[k]++
			mu.Unlock()
		})
	}
	wg.Wait()
	fmt.Printf("%d logins at once in %s: %v\n", *n, time.Since(start).Round(time.Millisecond), codes)
	fmt.Printf("server RSS: idle %s, peak (VmHWM) %s\n", idle, status(*pid, "VmHWM"))
	if codes["200"]+codes["503+Retry-After"] != *n {
		fmt.Println("FAIL: some answers were neither 200 nor 503 with Retry-After")
		os.Exit(1)
	}
}

// status reads one field of /proc/pid/status.
func status(pid int, field string) string {
	if pid == 0 {
		return "?"
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	return "?"
}
