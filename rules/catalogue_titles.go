package rules

// catalogueTranslations holds the Kannada and Hindi titles written so far.
// Only titles that could be written correctly are here; the rest wait for
// a translator (the tests list them). They should still be reviewed by a native
// speaker before printing on a challan.
var catalogueTranslations = map[Code]map[string]string{
	CodeInsuranceInvalid: {
		LangKannada: "ಹೊಣೆಗಾರಿಕೆ, ಪ್ರಯಾಣಿಕರು ಮತ್ತು ಸಿಬ್ಬಂದಿಗೆ ಮಾನ್ಯ ವಿಮಾ ರಕ್ಷಣೆ ಇಲ್ಲ",
		LangHindi:   "दायित्व, यात्रियों और कर्मीदल के लिए वैध बीमा कवर नहीं",
	},
	CodeManningShortfall: {
		LangKannada: "ಸುರಕ್ಷಿತ ಕಾರ್ಯಾಚರಣೆಗೆ ಅಗತ್ಯವಾದ ಸಿಬ್ಬಂದಿ ನೌಕೆಯಲ್ಲಿ ಇಲ್ಲ",
		LangHindi:   "सुरक्षित संचालन हेतु आवश्यक कर्मीदल जलयान पर नहीं",
	},
	CodeRegistrationInvalid: {
		LangKannada: "ಮಾನ್ಯ ನೋಂದಣಿ ಪ್ರಮಾಣಪತ್ರ ಇಲ್ಲ",
		LangHindi:   "वैध पंजीकरण प्रमाणपत्र नहीं है",
	},
	CodeSurveyCertExpired: {
		LangKannada: "ಮಾನ್ಯ ಸಮೀಕ್ಷಾ ಪ್ರಮಾಣಪತ್ರ ಇಲ್ಲ (ಅವಧಿ ಮುಗಿದಿದೆ, ಇಲ್ಲ, ಅಮಾನತುಗೊಂಡಿದೆ ಅಥವಾ ರದ್ದಾಗಿದೆ)",
		LangHindi:   "वैध सर्वेक्षण प्रमाणपत्र नहीं है (समाप्त, उपलब्ध नहीं, निलंबित या रद्द)",
	},
	CodeOverloadPassengers: {
		LangKannada: "ಅನುಮತಿಗಿಂತ ಹೆಚ್ಚು ಪ್ರಯಾಣಿಕರನ್ನು ಸಾಗಿಸುವುದು",
		LangHindi:   "अनुमत क्षमता से अधिक यात्री ले जाना",
	},
	CodeOverloadCargo: {
		LangKannada: "ಅನುಮತಿಸಿದ ಭಾರಕ್ಕಿಂತ ಹೆಚ್ಚು ಸರಕು, ಅಥವಾ ಭಾರ ರೇಖೆ ಮುಳುಗಿದೆ",
		LangHindi:   "अनुमत भार से अधिक माल, या भार रेखा डूबी हुई",
	},
	CodeMarkingTampered: {
		LangKannada: "ದೋಣಿಯ ಮೇಲಿನ ಅಧಿಕೃತ ಗುರುತನ್ನು ತಿರುಚುವುದು",
		LangHindi:   "नौका पर आधिकारिक चिह्न से छेड़छाड़",
	},
	CodeCrewIntoxicated: {
		LangKannada: "ಮದ್ಯ ಅಥವಾ ಮಾದಕ ವಸ್ತುವಿನ ಪ್ರಭಾವದಲ್ಲಿ ಸಿಬ್ಬಂದಿ ಸದಸ್ಯರು ಕೆಲಸ ಮಾಡುತ್ತಿರುವುದು",
		LangHindi:   "कर्मीदल सदस्य का शराब या नशीले पदार्थ के प्रभाव में काम करना",
	},
	CodeOutsideOperatingRegion: {
		LangKannada: "ನಿಗದಿತ ಕಾರ್ಯಾಚರಣೆ ಪ್ರದೇಶದ ಹೊರಗೆ ದೋಣಿ ನಡೆಸುವುದು",
		LangHindi:   "निर्धारित संचालन क्षेत्र के बाहर नौका का संचालन",
	},
	CodeLSANotMaintained: {
		LangKannada: "ಜೀವರಕ್ಷಕ ಉಪಕರಣಗಳನ್ನು ಸುಸ್ಥಿತಿಯಲ್ಲಿ ಇಡದಿರುವುದು",
		LangHindi:   "जीवन रक्षक उपकरण ठीक स्थिति में न रखना",
	},
	CodeFFANotMaintained: {
		LangKannada: "ಅಗ್ನಿಶಾಮಕ ಉಪಕರಣಗಳನ್ನು ಸುಸ್ಥಿತಿಯಲ್ಲಿ ಇಡದಿರುವುದು",
		LangHindi:   "अग्निशमन उपकरण ठीक स्थिति में न रखना",
	},
	CodePassengerNoLifejacket: {
		LangKannada: "ಪ್ರಯಾಣಿಕರು ಜೀವರಕ್ಷಕ ಜಾಕೆಟ್ ಧರಿಸದಿರುವುದು",
		LangHindi:   "यात्री द्वारा लाइफ जैकेट न पहनना",
	},
}
