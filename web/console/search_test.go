package console_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/tindal/tindal/web/webtest"
)

// TestSearchForgivesWhatPeopleType: the register's searches find a record
// however a person types it: spaces around it, any case, a registration
// number with or without its separators and the leading zeros of its
// numbers ("ka01iv12" is KA-01-IV-0012), a name with doubled spaces; and
// they still find nothing for what matches nothing.
func TestSearchForgivesWhatPeopleType(t *testing.T) {
	t.Parallel()
	s := webtest.NewServer(t)
	if err := s.DB.Gorm.Exec(`UPDATE vessels SET registration_number = 'KA-01-IV-0012'
		WHERE registration_number = 'KA-KWR-M-0003'`).Error; err != nil {
		t.Fatal(err)
	}
	c := newClient(t, s)
	if res := c.signIn("registrar.karwar@demo.tindal"); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("sign-in answered %d", res.StatusCode)
	}
	for _, tc := range []struct {
		list, typed, want string
	}{
		{"vessels", "KA-KWR-M-0001 ", "Sharavathi Queen"},
		{"vessels", "  ka-kwr-m-0001", "Sharavathi Queen"},
		{"vessels", "kakwrm0001", "Sharavathi Queen"},
		{"vessels", "KA KWR M 1", "Sharavathi Queen"},
		{"vessels", "KA-01-IV-0012", "Devbagh Pearl"},
		{"vessels", "ka01iv12", "Devbagh Pearl"},
		{"vessels", "KA01IV0012", "Devbagh Pearl"},
		{"vessels", "ka 01 iv 0012\t", "Devbagh Pearl"},
		{"vessels", "sharavathi  QUEEN ", "KA-KWR-M-0001"},
		{"owners", " konkan coast ferries ", "Konkan Coast Ferries"},
		{"crew", "indivc-ka-000101 ", "INDIVC-KA-000101"},
	} {
		res, page := c.do("GET", "/console/"+tc.list+"?q="+url.QueryEscape(tc.typed), nil, nil)
		if res.StatusCode != http.StatusOK || !strings.Contains(page, tc.want) {
			t.Errorf("searching the %s for %q (%d) did not find %q", tc.list, tc.typed, res.StatusCode, tc.want)
		}
	}
	for _, typed := range []string{"ka01iv13", "KA-KWR-M-9999", "zzz"} {
		if _, page := c.do("GET", "/console/vessels?q="+url.QueryEscape(typed), nil, nil); strings.Contains(page, "Devbagh Pearl") ||
			strings.Contains(page, "Sharavathi Queen") {
			t.Errorf("searching the vessels for %q found what it does not match", typed)
		}
	}
}
