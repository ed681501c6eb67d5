package notify

import (
	"fmt"
	"time"
)

// Hindi texts: short, plain, everyday Hindi as a port office would write
// to a boat owner. Legal citations stay as the law is cited (English);
// certificate grades stay in English in brackets, as printed on the
// certificates.

var hiDocs = map[string]string{
	"registration":       "पंजीकरण प्रमाणपत्र",
	"survey":             "सर्वेक्षण प्रमाणपत्र",
	"provisional_survey": "अस्थायी सर्वेक्षण प्रमाणपत्र",
	"insurance":          "बीमा पॉलिसी",
	"pollution":          "प्रदूषण नियंत्रण प्रमाणपत्र",
	"licence":            "लाइसेंस",
	"fitness":            "फिटनेस प्रमाणपत्र",
	"permit":             "परमिट",
	"gp_rating":          "जीपी रेटिंग प्रमाणपत्र",
}

func hiDoc(code string) string {
	if n, ok := hiDocs[code]; ok {
		return n
	}
	return "सक्षमता प्रमाणपत्र (" + gradeLabel(code) + ")"
}

var hiMonths = [...]string{"जनवरी", "फ़रवरी", "मार्च", "अप्रैल", "मई", "जून", "जुलाई", "अगस्त", "सितंबर", "अक्टूबर", "नवंबर", "दिसंबर"}

func hiDate(t time.Time) string {
	y, m, d := dateParts(t)
	return fmt.Sprintf("%d %s %d", d, hiMonths[m-1], y)
}

func hiDays(n int) string {
	switch n {
	case 0:
		return "यानी आज"
	case 1:
		return "यानी कल"
	}
	return fmt.Sprintf("यानी आज से %d दिन बाद", n)
}

func hiCertificateExpiring(r Recipient, d Data) (string, string) {
	doc, due := hiDoc(d.Doc), hiDate(d.Due)
	if d.Holder == "" {
		return fmt.Sprintf("याद दिलाना: %s का %s %s को समाप्त हो रहा है", d.Vessel, doc, due),
			fmt.Sprintf("%s\n\n%s का %s (संख्या %s) %s को समाप्त हो रहा है, %s।\nनियम: %s।\nक्या करें: %s से पहले अपने बंदरगाह कार्यालय में नवीनीकरण के लिए आवेदन करें। उसके अगले दिन से यह जलयान इस प्रमाणपत्र पर नहीं चल सकता।",
				greeting(localeHindi, r), d.Vessel, doc, d.Number, due, hiDays(d.Days), d.Citation, due)
	}
	whose := d.Holder + " का"
	if r.Type == RecipientCrewMember {
		whose = "आपका"
	}
	return fmt.Sprintf("याद दिलाना: %s %s %s को समाप्त हो रहा है", whose, doc, due),
		fmt.Sprintf("%s\n\n%s %s (संख्या %s) %s को समाप्त हो रहा है, %s। %s जलयान %s पर काम करते हैं।\nनियम: %s।\nक्या करें: %s से पहले इसका नवीनीकरण करवाएँ। इसके बिना जलयान पर कानून के अनुसार न्यूनतम चालक दल पूरा नहीं हो सकता।",
			greeting(localeHindi, r), whose, doc, d.Number, due, hiDays(d.Days), d.Holder, d.Vessel, d.Citation, due)
}

func hiCertificateExpired(r Recipient, d Data) (string, string) {
	doc, due := hiDoc(d.Doc), hiDate(d.Due)
	of := d.Vessel
	if d.Holder != "" {
		of = d.Holder + " (" + d.Vessel + ")"
	}
	return fmt.Sprintf("समाप्त: %s का %s (%s)", of, doc, due),
		fmt.Sprintf("%s\n\n%s का %s (संख्या %s) %s को समाप्त हो गया है और अब वैध नहीं है।\nनियम: %s।\nक्या करें: तुरंत नवीनीकरण करवाएँ। नवीनीकरण होने तक जलयान को चलाने से रोका जा सकता है और निरीक्षण में उसे रोककर रखा (डिटेन किया) जा सकता है।",
			greeting(localeHindi, r), of, doc, d.Number, due, d.Citation)
}

func hiVesselUnfit(r Recipient, d Data) (string, string) {
	due := hiDate(d.Due)
	return fmt.Sprintf("%s %s से चलाने योग्य नहीं है", d.Vessel, due),
		fmt.Sprintf("%s\n\n%s से %s चलाने योग्य नहीं है, क्योंकि:\n%s\nनियम: %s।\nक्या करें: ये कमियाँ दूर होने तक जलयान न चलाएँ, फिर अपने बंदरगाह कार्यालय से रजिस्टर में सुधार करवाएँ।",
			greeting(localeHindi, r), due, d.Vessel, lines(d.Lines), d.Citation)
}

var hiOverdue = map[string][2]string{
	"survey_window":        {"%s का वार्षिक सर्वेक्षण %s तक होना था, जब सर्वेक्षण की अवधि पूरी हुई, पर कोई सर्वेक्षण दर्ज नहीं है।", "अभी नाव सर्वेक्षक (Boat Surveyor) से सर्वेक्षण करवाएँ।"},
	"licence_year":         {"%s का लाइसेंस %s को, यानी लाइसेंस वर्ष (31 मार्च) के अंत में, समाप्त हो गया।", "जलयान को फिर चलाने से पहले वार्षिक निरीक्षण के लिए लाएँ और लाइसेंस का नवीनीकरण करवाएँ।"},
	"pollution_inspection": {"%s का प्रदूषण निरीक्षण और सर्वेक्षण, जो हर 12 महीने में होता है, %s तक होना था।", "अपने सर्वेक्षक से प्रदूषण निरीक्षण करवाएँ।"},
	"late_renewal":         {"%s का सर्वेक्षण प्रमाणपत्र समाप्त हो चुका है, और बिना जुर्माने के नवीनीकरण का आवेदन करने का आख़िरी दिन %s था।", "तुरंत नवीनीकरण के लिए आवेदन करें; देर से नवीनीकरण पर जुर्माना लगेगा।"},
	"registration_lapse":   {"%s का 2 साल से कोई वैध सर्वेक्षण नहीं है; %s से इसका पंजीकरण रद्द किया जा सकता है।", "तुरंत रजिस्ट्रार से संपर्क करें और नाव का सर्वेक्षण करवाएँ।"},
}

func hiInspectionOverdue(r Recipient, d Data) (string, string) {
	t := hiOverdue[d.Doc]
	what := fmt.Sprintf(t[0], d.Vessel, hiDate(d.Due))
	return "समय निकल गया: " + what,
		fmt.Sprintf("%s\n\n%s\nनियम: %s।\nक्या करें: %s", greeting(localeHindi, r), what, d.Citation, t[1])
}

func hiCoCLegacy(r Recipient, d Data) (string, string) {
	due := hiDate(d.Due)
	whose, has, who := d.Holder+" का", fmt.Sprintf("%s (जलयान %s पर कार्यरत) के पास", d.Holder, d.Vessel), d.Holder
	if r.Type == RecipientCrewMember {
		whose, has, who = "आपका", "आपके पास", "आप"
	}
	return fmt.Sprintf("%s पुराना सक्षमता प्रमाणपत्र %s तक पुनर्वैध कराना ज़रूरी है", whose, due),
		fmt.Sprintf("%s\n\n%s अंतर्देशीय जलयान अधिनियम, 2021 से पहले जारी %s (संख्या %s) है। पुनर्वैधीकरण के बिना यह केवल %s तक वैध है, %s।\nनियम: %s।\nक्या करें: %s %s से पहले पुनर्वैधीकरण का पाठ्यक्रम पूरा करके नया सक्षमता प्रमाणपत्र (CoC) लें। उस तारीख के बाद पुराना प्रमाणपत्र जलयान के चालक दल में नहीं गिना जाएगा।",
			greeting(localeHindi, r), has, hiDoc(d.Doc), d.Number, due, hiDays(d.Days), d.Citation, who, due)
}

func hiCoCRevalidation(r Recipient, d Data) (string, string) {
	due := hiDate(d.Due)
	whose := d.Holder + " के"
	if r.Type == RecipientCrewMember {
		whose = "आपके"
	}
	return fmt.Sprintf("%s सक्षमता प्रमाणपत्र का पुनर्वैधीकरण %s तक", whose, due),
		fmt.Sprintf("%s\n\n%s (जलयान %s पर कार्यरत) के %s (संख्या %s) का हर 5 साल में पुनर्वैधीकरण ज़रूरी है। अगला पुनर्वैधीकरण %s तक होना है, %s।\nनियम: %s।\nक्या करें: %s से पहले पुनर्वैधीकरण का पाठ्यक्रम पूरा करें।",
			greeting(localeHindi, r), d.Holder, d.Vessel, hiDoc(d.Doc), d.Number, due, hiDays(d.Days), d.Citation, due)
}

func hiManning(r Recipient, d Data) (string, string) {
	due := hiDate(d.Due)
	return fmt.Sprintf("%s पर %s से न्यूनतम चालक दल पूरा नहीं है", d.Vessel, due),
		fmt.Sprintf("%s\n\n%s से %s पर कानून के अनुसार न्यूनतम चालक दल पूरा नहीं है, क्योंकि चालक दल के कुछ सक्षमता प्रमाणपत्र अब नहीं गिने जाते:\n%s\nनियम: %s।\nक्या करें: जब तक हर खाली पद पर वैध प्रमाणपत्र वाला व्यक्ति न हो, जलयान न चलाएँ।",
			greeting(localeHindi, r), due, d.Vessel, lines(d.Lines), d.Citation)
}
