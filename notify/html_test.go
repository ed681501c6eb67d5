package notify_test

import (
	"strings"
	"testing"

	"github.com/tindal/tindal/notify"
)

// TestSignInMailLinksItsURL: the HTML part of the one-time sign-in mail
// carries the link as an <a href> (one tap opens the sign-in page) in every
// language, and the text part the plain URL; text around a URL stays text,
// and only http(s) URLs become links.
func TestSignInMailLinksItsURL(t *testing.T) {
	const link = "https://tindal.example.gov.in/my/signin/AbC_d-9?x=1&y=2"
	for _, lang := range []string{"en", "kn", "hi"} {
		r, err := notify.Render(notify.TplOwnerSignIn, notify.Owner([16]byte{1}, "Ravi", "ravi@example.in", lang),
			notify.Data{Detail: link, Number: "123456"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.Body, "\n"+link+"\n") {
			t.Errorf("%s: the text part lacks the plain URL on its own line:\n%s", lang, r.Body)
		}
		h := notify.HTMLOf(r.Body, lang)
		want := `<a href="https://tindal.example.gov.in/my/signin/AbC_d-9?x=1&amp;y=2">`
		if strings.Count(h, want) != 1 {
			t.Errorf("%s: the HTML part lacks one %s:\n%s", lang, want, h)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"open https://a.example/x. Then", `open <a href="https://a.example/x">https://a.example/x</a>. Then`},
		{"javascript:alert(1) <b>", `javascript:alert(1) &lt;b&gt;`},
		{"see http://a.example/?q=<x>", `see <a href="http://a.example/?q=&lt;x&gt;">http://a.example/?q=&lt;x&gt;</a>`},
		{"https://", `https://`},
	} {
		if h := notify.HTMLOf(c.text, "en"); !strings.Contains(h, "<p>"+c.want+"</p>") {
			t.Errorf("%q → %s, want <p>%s</p>", c.text, h, c.want)
		}
	}
}
