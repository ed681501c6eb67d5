package demo

import (
	"encoding/json"
	"html"
	"regexp"
	"testing"

	"github.com/tindal/tindal/notify"
	"github.com/tindal/tindal/testkit"
)

// checkMails: every mail and in-app notice the year sent (detentions
// ordered and released, penalties adjusted, rectifications decided,
// findings overdue, reminders) is written in its reader's language with
// nothing internal in it (testkit.Leaks: no path, Go name, drafting tag,
// message id, code name, SQL or stack; in Kannada and Hindi no English
// word but the law's names), as sent and in its HTML part; and each,
// written again from what it was sent with in English, Kannada and Hindi,
// is held to the same, so every kind the year sends is read in all three.
func (y seededYear) checkMails(t *testing.T) {
	var rows []struct {
		Template, Locale, Subject, Body, RecipientType string
		Payload                                        []byte
	}
	if err := y.db.Gorm.Raw(`SELECT template, locale, subject, body, recipient_type, payload FROM notifications`).
		Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	var data []string
	if err := y.db.Gorm.Raw(`SELECT DISTINCT x FROM (SELECT name AS x FROM vessels UNION SELECT registration_number FROM vessels
		UNION SELECT name FROM owners UNION SELECT name FROM crew_members UNION SELECT name FROM users
		UNION SELECT number FROM certificates UNION SELECT number FROM penalty_notices UNION SELECT number FROM detention_orders
		UNION SELECT name FROM jurisdictions UNION SELECT note FROM findings UNION SELECT reason FROM finding_rectifications
		UNION SELECT decision_reason FROM penalty_appeals) d WHERE x <> ''`).Scan(&data).Error; err != nil {
		t.Fatal(err)
	}
	data = append(data, "Tindal")
	kinds := map[string]bool{}
	for _, r := range rows {
		kinds[r.Template] = true
		where := r.Template + " (" + r.Locale + ")"
		testkit.ScanText(t, where, r.Subject+"\n"+r.Body, r.Locale, data...)
		testkit.ScanText(t, where+" HTML", html.UnescapeString(tags.ReplaceAllString(notify.HTMLOf(r.Body, r.Locale), " ")),
			r.Locale, data...)
		var d notify.Data
		if err := json.Unmarshal(r.Payload, &d); err != nil || notify.Secret(r.Template) {
			continue
		}
		for _, lang := range []string{"en", "kn", "hi"} {
			out, err := notify.Render(r.Template, notify.Recipient{Type: r.RecipientType, Name: "Ramesh Naik", Language: lang}, d)
			if err != nil {
				t.Errorf("%s in %s: %v", r.Template, lang, err)
				continue
			}
			testkit.ScanText(t, r.Template+" written in "+lang, out.Subject+"\n"+out.Body, lang, append(data, "Ramesh Naik")...)
		}
	}
	if len(kinds) < 4 {
		t.Errorf("the year sent %d kinds of mail (%v): too few to read", len(kinds), kinds)
	}
	t.Logf("read %d mails of %d kinds", len(rows), len(kinds))
}

// tags are an HTML part's markup.
var tags = regexp.MustCompile(`<[^>]*>`)
