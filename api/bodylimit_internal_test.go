package api

import "testing"

// TestOwnerFormsTakePhoneSizedBodies: the owners' forms that carry photos
// (rectification and appeal, up to 4 phone photos each) take bodies past
// the 256 KiB of every other route; the API's routes do not.
func TestOwnerFormsTakePhoneSizedBodies(t *testing.T) {
	for path, want := range map[string]int{
		"/my/findings/0190/rectify":        ownerPhotosLimit,
		"/my/notices/0190/appeal":          ownerPhotosLimit,
		"/v1/penalty-notices/0190/appeals": BodyLimit,
		"/my/notices/0190":                 BodyLimit,
		"/my/settings":                     BodyLimit,
	} {
		if got := bodyLimitOf(path); got != want {
			t.Errorf("%s: %d, want %d", path, got, want)
		}
	}
}
