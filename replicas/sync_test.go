package replicas

import (
	"io"
	"net/http"
	"os"
	"strconv"
	stdsync "sync"
	"testing"
	"time"
)

// TestPhonesAcrossReplicas: phones push their offline day through
// HAProxy, so consecutive requests land on different replicas, each
// batch of five once and every other batch again after a dropped answer;
// a supervisor's desk pulls at the same time, every page through the
// proxy with the cursor the page before (another replica) minted. Every
// mutation is applied exactly once, each phone's pushes were answered by
// more than one replica and all three answered some (X-Replica), and the
// desk ends up holding exactly the database. Then a photo's upload is
// planned on replica A, resumed with PATCH on B and completed on C, and
// downloaded through the proxy.
func TestPhonesAcrossReplicas(t *testing.T) {
	t.Parallel()
	p := set.proxy.base()
	img, err := os.ReadFile("../photo/testdata/gps_karwar.jpg")
	must(t, err)
	img = append(img, []byte(randomHex(16))...) // bytes of this run: never linked to an earlier upload
	phones := []*phone{
		newPhone(t, p, "inspector@replicas.test", "across-0", 2, img),
		newPhone(t, p, "inspector2@replicas.test", "across-1", 2, nil),
	}
	d := &desk{token: apiLogin(t, p, "supervisor@replicas.test", "across-desk"), last: map[string]pulledItem{}}
	for d.pull(t, p, 500) {
	}
	stop := make(chan struct{})
	var polling stdsync.WaitGroup
	polling.Go(func() {
		for i := 0; ; i++ {
			if !d.pull(t, p, []int{3, 40, 500}[i%3]) {
				select {
				case <-stop:
					return
				default:
					time.Sleep(10 * time.Millisecond)
				}
			}
		}
	})
	var writing stdsync.WaitGroup
	for _, ph := range phones {
		writing.Go(func() { ph.run(t, p) })
	}
	writing.Wait()
	close(stop)
	polling.Wait()
	for d.pull(t, p, 500) { // what committed after the poller's last page
	}
	checkExactlyOnce(t, phones...)
	checkDesk(t, d, phones...)
	all := map[string]int{}
	for _, ph := range phones {
		mine := map[string]int{}
		for _, r := range ph.servedBy {
			mine[r]++
			all[r]++
		}
		if len(mine) < 2 {
			t.Errorf("%s: every push answered by %v: consecutive pushes did not land on different replicas", ph.label, mine)
		}
	}
	if len(all) != len(set.replicas) {
		t.Errorf("the pushes were answered by %v, not by all three replicas", all)
	}
	t.Logf("desk: %d pages; phones' answers %v %v; pushes by replica %v %v", d.pages, phones[0].answers, phones[1].answers,
		phones[0].servedBy, phones[1].servedBy)

	uploadAcrossReplicas(t, phones[0])
}

// uploadAcrossReplicas plans the photo's upload on A (resumable: through
// the server), sends its first half with PATCH on B, asks C for the offset
// and sends the rest there: C verifies it.
func uploadAcrossReplicas(t *testing.T, ph *phone) {
	a, b, c := set.replicas[0].base(), set.replicas[1].base(), set.replicas[2].base()
	id := ph.photo.String()
	plan := set.do(a, "POST", "/v1/photos", ph.token, map[string]any{"id": id, "sha256": sum(ph.photoData), "size": len(ph.photoData),
		"content_type": "image/jpeg", "method": "resumable"})
	if plan.status != 200 {
		t.Fatalf("plan on A: %d %s", plan.status, plan.body)
	}
	half := len(ph.photoData) / 2
	res := set.do(b, "PATCH", "/v1/photos/"+id+"/content", ph.token, ph.photoData[:half],
		"Content-Type", "application/offset+octet-stream", "Upload-Offset", "0")
	if res.status != 204 || res.header.Get("Upload-Offset") != strconv.Itoa(half) {
		t.Fatalf("PATCH of the first half on B: %d %v %s", res.status, res.header.Get("Upload-Offset"), res.body)
	}
	up := set.do(c, "GET", "/v1/photos/"+id+"/upload", ph.token, nil)
	if off, _ := up.json()["offset"].(float64); up.status != 200 || int(off) != half {
		t.Fatalf("the offset C reads: %d %s, want %d", up.status, up.body, half)
	}
	res = set.do(c, "PATCH", "/v1/photos/"+id+"/content", ph.token, ph.photoData[half:],
		"Content-Type", "application/offset+octet-stream", "Upload-Offset", strconv.Itoa(half))
	if res.status != 200 || res.json()["state"] != "verified" {
		t.Fatalf("PATCH of the rest on C: %d %s", res.status, res.body)
	}
	view := set.do(set.proxy.base(), "GET", "/v1/photos/"+id, ph.token, nil)
	urls, _ := view.json()["urls"].(map[string]any)
	orig, _ := urls["original"].(map[string]any)
	u, _ := orig["url"].(string)
	got, err := http.Get(u)
	must(t, err)
	defer got.Body.Close()
	body, _ := io.ReadAll(got.Body)
	if got.StatusCode != 200 || string(body) != string(ph.photoData) {
		t.Fatalf("the original through the URL the proxy's replica signed: %d, %d bytes", got.StatusCode, len(body))
	}
}
