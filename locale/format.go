package locale

import (
	"strconv"
	"time"
)

// Month names, format context, wide width, from CLDR 46 (common/main/
// en.xml, kn.xml, hi.xml: dates/calendars/gregorian/months). golang.org/x/
// text does not format dates, so the table is here.
var monthNames = map[string][12]string{
	English: {
		"January",
		"February",
		"March",
		"April",
		"May",
		"June",
		"July",
		"August",
		"September",
		"October",
		"November",
		"December",
	},
	Kannada: {
		"ಜನವರಿ",
		"ಫೆಬ್ರವರಿ",
		"ಮಾರ್ಚ್",
		"ಏಪ್ರಿಲ್",
		"ಮೇ",
		"ಜೂನ್",
		"ಜುಲೈ",
		"ಆಗಸ್ಟ್",
		"ಸೆಪ್ಟೆಂಬರ್",
		"ಅಕ್ಟೋಬರ್",
		"ನವೆಂಬರ್",
		"ಡಿಸೆಂಬರ್",
	},
	Hindi: {"जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्तूबर", "नवंबर", "दिसंबर"},
}

// Date writes the calendar date of t (a date stored as midnight UTC) in
// lang's long form, "d MMMM y" in CLDR's en-IN, kn and hi patterns:
// 6 June 2027, 6 ಜೂನ್ 2027, 6 जून 2027. Digits stay Western Arabic, as
// CLDR's default numbering system for kn and hi and the gazette's dates.
func Date(lang string, t time.Time) string {
	u := t.UTC()
	m := monthNames[Resolve(lang)]
	return strconv.Itoa(u.Day()) + " " + m[u.Month()-1] + " " + strconv.Itoa(u.Year())
}

// Month is the month's name in lang.
func Month(lang string, m time.Month) string { return monthNames[Resolve(lang)][m-1] }

// Rupees writes whole rupees with the rupee sign and Indian digit
// grouping (lakh, crore): ₹1,00,000; a negative amount (a refund, a
// reduction) with its sign before the rupee sign, as Indian usage writes
// it: -₹5,000.
func Rupees(n int64) string {
	if n < 0 {
		return "-₹" + Grouped(-n)
	}
	return "₹" + Grouped(n)
}

// Grouped writes n with Indian digit grouping: 1,00,00,000.
func Grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	if len(s) > 3 {
		head, tail := s[:len(s)-3], s[len(s)-3:]
		var out []byte
		for i, c := range []byte(head) {
			if i > 0 && (len(head)-i)%2 == 0 {
				out = append(out, ',')
			}
			out = append(out, c)
		}
		s = string(out) + "," + tail
	}
	if neg {
		return "-" + s
	}
	return s
}
