package rules

import (
	"slices"
	"testing"
)

// TestForm18Found: the challan's offence boxes are ticked from the
// deficiencies found, each box once, in the form's order.
func TestForm18Found(t *testing.T) {
	cases := []struct {
		name  string
		codes []Code
		want  []string
	}{
		{"Karnataka 2025, Form-18 (a): no valid Certificate of Registration", []Code{CodeRegistrationInvalid}, []string{"a"}},
		{"Karnataka 2025, Form-18 (b): no valid Certificate of Survey", []Code{CodeSurveyCertExpired}, []string{"b"}},
		{"Karnataka 2025, Form-18 (h) and (a): insurance and registration, in the form's order, each once",
			[]Code{CodeInsuranceInvalid, CodeRegistrationInvalid, CodeInsuranceInvalid}, []string{"a", "h"}},
		{"Karnataka 2025, Form-18: a missing extinguisher is no box of the form", []Code{CodeExtinguisherMissing}, nil},
		{"Karnataka 2025, Form-18: an unknown code ticks nothing", []Code{"99999"}, nil},
	}
	for _, c := range cases {
		if got := Form18Found(c.codes); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
