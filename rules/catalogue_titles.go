package rules

// catalogueTranslations holds the Kannada and Hindi titles written so far.
// Only titles that could be written correctly are here; the rest wait for
// a translator (the tests list them). They should still be reviewed by a native
// speaker before printing on a challan.
var catalogueTranslations = map[Code]map[string]string{
	CodeInsuranceInvalid: {
		LangKannada: "ಮಾನ್ಯ ವಿಮೆ ಇಲ್ಲದೆ ದೋಣಿ ನಡೆಸುವುದು",
		LangHindi:   "वैध बीमा के बिना नौका का संचालन",
	},
	CodeManningShortfall: {
		LangKannada: "ಸೂಕ್ತ ಸಿಬ್ಬಂದಿ ಇಲ್ಲದೆ ದೋಣಿ ನಡೆಸುವುದು",
		LangHindi:   "उचित कर्मीदल के बिना नौका का संचालन",
	},
	CodeRegistrationInvalid: {
		LangKannada: "ಮಾನ್ಯ ನೋಂದಣಿ ಪ್ರಮಾಣಪತ್ರ ಇಲ್ಲದೆ ದೋಣಿ ನಡೆಸುವುದು",
		LangHindi:   "वैध पंजीकरण प्रमाणपत्र के बिना नौका का संचालन",
	},
	CodeSurveyCertExpired: {
		LangKannada: "ಮಾನ್ಯ ಸಮೀಕ್ಷಾ ಪ್ರಮಾಣಪತ್ರ ಇಲ್ಲದೆ ದೋಣಿ ನಡೆಸುವುದು",
		LangHindi:   "वैध सर्वेक्षण प्रमाणपत्र के बिना नौका का संचालन",
	},
	CodeOverloadPassengers: {
		LangKannada: "ಅನುಮತಿಗಿಂತ ಹೆಚ್ಚು ಪ್ರಯಾಣಿಕರನ್ನು ಸಾಗಿಸುವುದು",
		LangHindi:   "अनुमत क्षमता से अधिक यात्री ले जाना",
	},
	CodeOverloadCargo: {
		LangKannada: "ಅನುಮತಿಗಿಂತ ಹೆಚ್ಚು ಸರಕು ಸಾಗಿಸುವುದು",
		LangHindi:   "अनुमत भार से अधिक माल ले जाना",
	},
	CodeMarkingTampered: {
		LangKannada: "ದೋಣಿಯ ಮೇಲಿನ ಅಧಿಕೃತ ಗುರುತನ್ನು ತಿರುಚುವುದು",
		LangHindi:   "नौका पर आधिकारिक चिह्न से छेड़छाड़",
	},
	CodeCrewIntoxicated: {
		LangKannada: "ಮದ್ಯ ಅಥವಾ ಮಾದಕ ವಸ್ತುವಿನ ಪ್ರಭಾವದಲ್ಲಿ ದೋಣಿ ನಡೆಸುವುದು",
		LangHindi:   "शराब या नशीले पदार्थ के प्रभाव में नौका का संचालन",
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
