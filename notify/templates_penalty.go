package notify

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Why a charged penalty changed (Data.Reason), set by the penalty chain
// function (inspect.RecomputeParties). Data.Earlier is the date of the
// earlier offence the reason names.
const (
	// PenaltyRepeat: the offence now repeats, within a year, an earlier
	// charged one (often one whose report arrived late), so it is doubled.
	PenaltyRepeat = "repeat"
	// PenaltyRepeatChanged: still a repeat, but the fine it doubles changed.
	PenaltyRepeatChanged = "repeat_changed"
	// PenaltyEarlierRemoved: the earlier offence it repeated no longer
	// counts (withdrawn, discarded or set aside).
	PenaltyEarlierRemoved = "earlier_removed"
	// PenaltyCancelled: the offence itself is no longer recorded.
	PenaltyCancelled = "cancelled"
	// PenaltySetAside: the penalty was set aside on appeal.
	PenaltySetAside = "set_aside"
	// PenaltyRecomputed: any other change of the offence (persons, date).
	PenaltyRecomputed = "recomputed"
)

// inr writes whole rupees with Indian digit grouping: 1,00,000.
func inr(n int64) string {
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

// penaltyDirection is how the amount moved: up, down, cancelled or same.
func penaltyDirection(d Data) string {
	switch {
	case d.Amount == 0 && d.Previous > 0:
		return "cancelled"
	case d.Amount > d.Previous:
		return "up"
	case d.Amount < d.Previous:
		return "down"
	}
	return "same"
}

// penaltyReasonsEn says why, in English; %s is the earlier offence's date.
var penaltyReasonsEn = map[string]string{
	PenaltyRepeat:         "it now counts as a repeat, within a year, of the same offence recorded on %s, so the fine is doubled from the fine charged for that one. Offences count in the order they happened, not in the order their reports reached the office.",
	PenaltyRepeatChanged:  "it is a repeat, within a year, of the same offence recorded on %s, whose fine was worked out again; this fine is doubled from that one, so it changes with it.",
	PenaltyEarlierRemoved: "it was counted as a repeat of the offence recorded on %s, which no longer counts (it was withdrawn, discarded or set aside on appeal), so the fine is worked out again without it.",
	PenaltyCancelled:      "the offence is no longer recorded: the inspection or its finding was withdrawn or discarded.",
	PenaltySetAside:       "the penalty was set aside on appeal.",
	PenaltyRecomputed:     "the offence record changed (for example the number of persons or its date), and the fine was worked out again under the same rule.",
}

var penaltyActionsEn = map[string]string{
	"up":        "pay the new amount within 15 days of the revised challan, or appeal within 30 days of receiving it.",
	"down":      "only the new amount is due. If you have already paid more, ask your port office about the difference.",
	"cancelled": "nothing is due for this offence. If you have already paid, ask your port office about a refund.",
	"same":      "nothing changes in what you pay now.",
}

func enLevel(n int) string {
	if n == 0 {
		return "none"
	}
	return strconv.Itoa(n)
}

// enEarlier is the earlier offence's date, or words for an unknown one.
func enEarlier(t time.Time) string {
	if t.IsZero() {
		return "an earlier date"
	}
	return enDate(t)
}

func enPenaltyAdjusted(r Recipient, d Data) (string, string) {
	dir := penaltyDirection(d)
	what := d.Row + ", " + d.Vessel
	subject := map[string]string{
		"up":        "Fine raised to Rs " + inr(d.Amount) + ": " + what,
		"down":      "Fine lowered to Rs " + inr(d.Amount) + ": " + what,
		"cancelled": "Fine cancelled: " + what,
		"same":      "Offence level changed, fine unchanged: " + what,
	}[dir]
	return subject, fmt.Sprintf("%s\n\nThe fine for the offence recorded on %s with %s has been worked out again.\nOffence: %s, %s.\nFine: Rs %s → Rs %s.\nLevel: %s → %s (level 1 is a first offence; each repeat within a year is one level up).\nWhy: %s\nRule: %s.\nWhat to do: %s",
		greeting(localeEnglish, r), enDate(d.Due), d.Vessel, d.Row, d.Offence, inr(d.Previous), inr(d.Amount),
		enLevel(d.PreviousLevel), enLevel(d.Level), penaltyReason(penaltyReasonsEn, d, enEarlier(d.Earlier)), d.Citation, penaltyActionsEn[dir])
}

// penaltyReason is why d changed, in the given texts, with the earlier
// offence's date filled in where the reason names it.
func penaltyReason(texts map[string]string, d Data, earlier string) string {
	why, ok := texts[d.Reason]
	if !ok {
		return texts[PenaltyRecomputed]
	}
	if strings.Contains(why, "%s") {
		return fmt.Sprintf(why, earlier)
	}
	return why
}

// hiPenaltyRows are the Schedule-IV offences in Hindi (Karnataka 2025,
// Sch-IV; RULES.md §5.1). An unknown row keeps the English text.
var hiPenaltyRows = map[string]string{
	"KA-F01": "वैध बीमा कवर के बिना नाव चलाना",
	"KA-F02": "उचित चालक दल (मैनिंग) के बिना नाव चलाना",
	"KA-F03": "वैध पंजीकरण प्रमाणपत्र के बिना नाव चलाना",
	"KA-F04": "वैध सर्वेक्षण प्रमाणपत्र के बिना नाव चलाना",
	"KA-F05": "क्षमता से अधिक माल या यात्री ले जाना (ओवरलोडिंग)",
	"KA-F06": "नाव के ढाँचे (हल) पर लगे आधिकारिक चिह्न से छेड़छाड़",
	"KA-F07": "शराब या किसी नशीले पदार्थ के असर में नाव चलाना",
	"KA-F08": "पंजीकरण प्रमाणपत्र में दिए गए निर्धारित क्षेत्र के बाहर नाव चलाना",
	"KA-F09": "जीवन-रक्षक और अग्निशमन उपकरण (LSA/FFA) तथा अन्य सुरक्षा उपकरण ठीक हालत में न रखना",
	"KA-F10": "लाइफ़जैकेट न पहनना",
	"KA-S8":  "अधिनियम की धारा 8 का उल्लंघन करके निर्माण, बदलाव या संशोधन",
}

var penaltyReasonsHi = map[string]string{
	PenaltyRepeat:         "अब इसे %s को दर्ज इसी अपराध का एक साल के भीतर दोहराव माना गया है, इसलिए जुर्माना उस अपराध पर लगाए गए जुर्माने का दोगुना है। अपराध उसी क्रम में गिने जाते हैं जिसमें वे हुए, न कि उस क्रम में जिसमें उनकी रिपोर्ट कार्यालय पहुँची।",
	PenaltyRepeatChanged:  "यह %s को दर्ज इसी अपराध का एक साल के भीतर दोहराव है, और उस अपराध का जुर्माना फिर से तय हुआ है; यह जुर्माना उसी का दोगुना है, इसलिए यह भी बदल गया है।",
	PenaltyEarlierRemoved: "इसे %s को दर्ज अपराध का दोहराव माना गया था, पर वह अपराध अब नहीं गिना जाता (उसे वापस लिया गया, रद्द किया गया या अपील में निरस्त किया गया), इसलिए जुर्माना उसके बिना फिर से तय किया गया है।",
	PenaltyCancelled:      "यह अपराध अब दर्ज नहीं है: निरीक्षण या उसकी कमी (फाइंडिंग) वापस ली गई या रद्द की गई।",
	PenaltySetAside:       "अपील में यह जुर्माना निरस्त कर दिया गया।",
	PenaltyRecomputed:     "अपराध के विवरण बदले (जैसे व्यक्तियों की संख्या या तारीख), इसलिए उसी नियम के अनुसार जुर्माना फिर से तय किया गया।",
}

var penaltyActionsHi = map[string]string{
	"up":        "संशोधित चालान मिलने के 15 दिन के भीतर नई राशि का भुगतान करें, या उसे मिलने के 30 दिन के भीतर अपील करें।",
	"down":      "अब केवल नई राशि देनी है। अगर आप पहले ही ज़्यादा भुगतान कर चुके हैं, तो अंतर के लिए अपने बंदरगाह कार्यालय से बात करें।",
	"cancelled": "इस अपराध के लिए कुछ भी देय नहीं है। अगर आप भुगतान कर चुके हैं, तो पैसे वापस पाने के लिए अपने बंदरगाह कार्यालय से बात करें।",
	"same":      "अभी आपको जो देना है उसमें कोई बदलाव नहीं है।",
}

func hiLevel(n int) string {
	if n == 0 {
		return "कोई नहीं"
	}
	return strconv.Itoa(n)
}

func hiEarlier(t time.Time) string {
	if t.IsZero() {
		return "पहले की किसी तारीख"
	}
	return hiDate(t)
}

func hiPenaltyAdjusted(r Recipient, d Data) (string, string) {
	dir := penaltyDirection(d)
	what := d.Row + ", " + d.Vessel
	subject := map[string]string{
		"up":        "जुर्माना बढ़कर ₹" + inr(d.Amount) + " हुआ: " + what,
		"down":      "जुर्माना घटकर ₹" + inr(d.Amount) + " हुआ: " + what,
		"cancelled": "जुर्माना रद्द: " + what,
		"same":      "अपराध का स्तर बदला, जुर्माना वही: " + what,
	}[dir]
	offence := hiPenaltyRows[d.Row]
	if offence == "" {
		offence = d.Offence
	}
	return subject, fmt.Sprintf("%s\n\nजलयान %s पर %s को दर्ज अपराध का जुर्माना फिर से तय किया गया है।\nअपराध: %s, %s।\nजुर्माना: ₹%s → ₹%s।\nस्तर: %s → %s (स्तर 1 यानी पहला अपराध; एक साल के भीतर हर दोहराव पर स्तर एक बढ़ता है)।\nकारण: %s\nनियम: %s।\nक्या करें: %s",
		greeting(localeHindi, r), d.Vessel, hiDate(d.Due), d.Row, offence, inr(d.Previous), inr(d.Amount),
		hiLevel(d.PreviousLevel), hiLevel(d.Level), penaltyReason(penaltyReasonsHi, d, hiEarlier(d.Earlier)), d.Citation, penaltyActionsHi[dir])
}
