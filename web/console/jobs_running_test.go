package console_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tindal/tindal/jobs"
	"github.com/tindal/tindal/testkit"
	"github.com/tindal/tindal/web/webtest"
)

// TestRunningAJobThatRunsIsRefusedByItsName: while a run of a job holds
// its lock (here the test's own session holds the job's advisory lock, as
// a run on another replica would), an administrator who presses "run now"
// gets the API's 409 naming the job by its title in the page's language
// (Kannada, Hindi: no English word, nothing internal), the API's runJob
// answers 409 job_running, and no second run is recorded. Once the lock
// is released, the same button starts the run.
func TestRunningAJobThatRunsIsRefusedByItsName(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	ctx := context.Background()
	const job = "detention-report"
	title := map[string]string{"kn": "ತಡೆಹಿಡಿಯುವಿಕೆಯ ವರದಿಗಳು", "hi": "निरोध रिपोर्ट"}
	words := map[string]string{"kn": "ಈಗಾಗಲೇ ನಡೆಯುತ್ತಿದೆ", "hi": "पहले से चल रहा है"}
	runs := func() int { return scalar[int](t, s, `SELECT count(*) FROM job_runs WHERE job = ?`, job) }

	held, err := s.DB.Pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Release()
	if _, err := held.Exec(ctx, `SELECT pg_advisory_lock($1, hashtext($2))`, jobs.LockNamespace, job); err != nil {
		t.Fatal(err)
	}
	before := runs()

	adm := newClient(t, s)
	adm.signIn("admin@demo.tindal")
	for _, lang := range []string{"kn", "hi"} {
		setLanguage(t, adm, lang)
		res, page := adm.do("POST", "/console/admin/jobs/"+job+"/run", withCSRF(adm, "", nil), nil)
		m := problemBlock.FindStringSubmatch(page)
		if res.StatusCode != http.StatusConflict || m == nil {
			t.Errorf("run now in %s while the job runs: %d, want 409 with the problem shown\n%.600s", lang,
				res.StatusCode, problemBlock.FindString(page))
			continue
		}
		said := htmlUnescape(m[1])
		if !strings.Contains(said, title[lang]) || !strings.Contains(said, words[lang]) {
			t.Errorf("run now in %s does not say that %q runs already: %s", lang, title[lang], said)
		}
		if anyUUID.MatchString(said) || strings.Contains(said, job) {
			t.Errorf("run now in %s names the job by its code or an id: %s", lang, said)
		}
		testkit.ScanText(t, "run now while the job runs", said, lang, title[lang])
	}

	api := newAPI(t, s, "admin@demo.tindal")
	req, _ := http.NewRequestWithContext(ctx, "POST", s.URL+"/v1/admin/jobs/"+job+"/run", strings.NewReader("{}"))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+api.token)
	res, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var problem struct {
		Code string `json:"code"`
	}
	_ = json.NewDecoder(res.Body).Decode(&problem)
	res.Body.Close()
	if res.StatusCode != http.StatusConflict || problem.Code != "job_running" {
		t.Errorf("runJob while the job runs: %d %q, want 409 job_running", res.StatusCode, problem.Code)
	}
	if n := runs(); n != before {
		t.Errorf("%d runs of %s recorded while it ran, want none", n-before, job)
	}

	if _, err := held.Exec(ctx, `SELECT pg_advisory_unlock($1, hashtext($2))`, jobs.LockNamespace, job); err != nil {
		t.Fatal(err)
	}
	setLanguage(t, adm, "kn")
	if res, _ := adm.do("POST", "/console/admin/jobs/"+job+"/run", withCSRF(adm, "", nil), nil); res.StatusCode != http.StatusSeeOther {
		t.Errorf("run now once the lock is released: %d, want 303", res.StatusCode)
	}
	if n := runs(); n != before+1 {
		t.Fatalf("%d runs of %s recorded after the release, want 1", n-before, job)
	}
	outcome := func() string {
		return scalar[string](t, s, `SELECT outcome FROM job_runs WHERE job = ? ORDER BY started_at DESC LIMIT 1`, job)
	}
	for outcome() == "running" { // the run ends when the job has done its work
		time.Sleep(20 * time.Millisecond)
	}
	if o := outcome(); o != "succeeded" {
		t.Errorf("the run after the release ended %s, want succeeded", o)
	}
}
