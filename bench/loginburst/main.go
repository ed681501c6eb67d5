// Command loginburst sends n logins at once to a running server — a
// morning rush: n phones of `accounts` people, each phone from an address
// of its own — and reports every answer, the server's resident memory
// (idle before, and the peak, VmHWM, after) and, with -retry, how long it
// took until every phone was signed in when each answer with Retry-After is
// retried after that many seconds, as the app does. Every answer must be
// 200, 429 or 503 with Retry-After; anything else fails the run, and so
// does a phone not signed in within -retry.
//
//	loginburst -url http://127.0.0.1:18181 -pid $SERVER_PID -n 300
//	loginburst -url … -pid … -n 300 -accounts 60 -email 'burst-%d@demo.tindal' -addresses -retry 60s
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	url := flag.String("url", "http://127.0.0.1:8080", "server base URL")
	pid := flag.Int("pid", 0, "the server's process id, for its memory (0: not read)")
	n := flag.Int("n", 300, "logins sent at once")
	email := flag.String("email", "inspector.karwar@demo.tindal", "account, or a pattern with %d (0 … accounts-1)")
	accounts := flag.Int("accounts", 1, "accounts the phones sign in to (phone i: account i mod accounts)")
	addresses := flag.Bool("addresses", false,
		"each phone from an address of its own (X-Forwarded-For; the server must trust the proxy)")
	retry := flag.Duration("retry", 0,
		"retry answers with Retry-After until every phone is signed in, for at most this long (0: one try)")
	password := flag.String("password", os.Getenv("TINDAL_DEMO_PASSWORD"), "password")
	flag.Parse()
	idle := status(*pid, "VmRSS")
	codes := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	var signedIn int
	var last time.Duration
	start := time.Now()
	client := &http.Client{Timeout: 2 * time.Minute}
	for i := range *n {
		wg.Go(func() {
			acct := *email
			if strings.Contains(acct, "%d") {
				acct = fmt.Sprintf(acct, i%*accounts)
			}
			body, _ := json.Marshal(
				map[string]string{"email": acct, "password": *password, "installation_id": fmt.Sprintf("burst-%d", i)},
			)
			for {
				k, wait := login(client, *url, body, i, *addresses)
				mu.Lock()
				codes[k]++
				if k == "200" {
					signedIn++
					last = time.Since(start)
				}
				mu.Unlock()
				if wait < 0 || *retry == 0 || time.Since(start)+wait > *retry {
					return
				}
				time.Sleep(wait)
			}
		})
	}
	wg.Wait()
	fmt.Printf("%d phones, %d accounts, %d at once: answers {%s}\n", *n, *accounts, *n, answers(codes))
	fmt.Printf("signed in: %d of %d, the last after %s\n", signedIn, *n, last.Round(time.Millisecond))
	fmt.Printf("server RSS: idle %s, peak (VmHWM) %s\n", idle, status(*pid, "VmHWM"))
	bad := 0
	for k, c := range codes {
		if k != "200" && k != "429+Retry-After" && k != "503+Retry-After" {
			bad += c
		}
	}
	switch {
	case bad > 0:
		fmt.Println("FAIL: some answers were neither 200 nor 429/503 with Retry-After")
		os.Exit(1)
	case *retry > 0 && signedIn < *n:
		fmt.Printf("FAIL: %d phones were not signed in within %s\n", *n-signedIn, *retry)
		os.Exit(1)
	}
}

// answers lists the answers by kind, in order.
func answers(codes map[string]int) string {
	keys := make([]string, 0, len(codes))
	for k := range codes {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s: %d", k, codes[k]))
	}
	return strings.Join(parts, ", ")
}

// login sends one login and names its answer; wait is the Retry-After to
// honour before trying again, or -1 when the answer is final.
func login(c *http.Client, url string, body []byte, i int, addresses bool) (string, time.Duration) {
	req, err := http.NewRequest(http.MethodPost, url+"/v1/auth/login", bytes.NewReader(body))
	if err != nil {
		return "error", -1
	}
	req.Header.Set("Content-Type", "application/json")
	if addresses {
		req.Header.Set("X-Forwarded-For", fmt.Sprintf("10.%d.%d.%d", i>>16&255, i>>8&255, i&255))
	}
	res, err := c.Do(req)
	if err != nil {
		return "error", -1
	}
	_ = res.Body.Close()
	k := strconv.Itoa(res.StatusCode)
	ra := res.Header.Get("Retry-After")
	if res.StatusCode == http.StatusOK || ra == "" {
		return k, -1
	}
	secs, err := strconv.Atoi(ra)
	if err != nil {
		return k + "+bad-Retry-After", -1
	}
	return k + "+Retry-After", time.Duration(secs) * time.Second
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
