package notify

import "testing"

// TestOneTimeLinksAreSecret: both mails that carry a one-time link (an
// official's password link and an owner's sign-in link and code) are
// blanked once sent; other mails keep their bodies for the record.
func TestOneTimeLinksAreSecret(t *testing.T) {
	for _, tpl := range []string{TplPasswordReset, TplOwnerSignIn} {
		if !Secret(tpl) {
			t.Errorf("%s carries a one-time link but is not blanked after sending", tpl)
		}
	}
	for _, tpl := range []string{TplCertificateExpiring, TplDetentionOrdered, TplOwnerInvite} {
		if Secret(tpl) {
			t.Errorf("%s carries no one-time link but would be blanked", tpl)
		}
	}
}
