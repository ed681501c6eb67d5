package demo

import (
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/rules"
)

// The demo register, as data. Dates are offsets in days from the day of
// seeding so that the demo always shows certificates about to expire and
// some already expired; 0 in an offset column means "none".

const (
	karwar    = "KARWAR"
	mangaluru = "MANGALURU"
	paradip   = "PARADIP"

	regimeKarnataka = "KA-IV-2025"
	regimeParadip   = "PARADIP-HC-1967"
)

type jurisdictionSeed struct {
	Code, Name, Regime, State string
	Authority                 string // issuer of the certificates it grants
	// Office is what its papers and pages name: the authority, the
	// office's address and hours (models.Office).
	Office models.Office
	// Payee is the account its notices ask to be paid into by UPI; none:
	// its owners pay at the office (as Paradip's do in the demo).
	Payee models.UPIPayee
}

// karnatakaHours are the demo Karnataka port offices' hours.
var karnatakaHours = models.Texts{
	"en": "Monday to Saturday, 10:00 to 17:30; closed on the second and fourth Saturdays and on public holidays",
	"kn": "ಸೋಮವಾರದಿಂದ ಶನಿವಾರ, 10:00 ರಿಂದ 17:30; ಎರಡನೇ ಮತ್ತು ನಾಲ್ಕನೇ ಶನಿವಾರ ಹಾಗೂ ಸಾರ್ವಜನಿಕ ರಜಾದಿನಗಳಂದು ಮುಚ್ಚಿರುತ್ತದೆ",
	"hi": "सोमवार से शनिवार, 10:00 से 17:30; दूसरे और चौथे शनिवार तथा सार्वजनिक छुट्टियों पर बंद",
}

// kmb is the Karnataka Maritime Board, the authority of the Karnataka
// offices' papers.
var kmb = models.Texts{"en": "Karnataka Maritime Board", "kn": "ಕರ್ನಾಟಕ ಕಡಲ ಮಂಡಳಿ", "hi": "कर्नाटक समुद्री बोर्ड"}

var jurisdictions = []jurisdictionSeed{
	{karwar, "Karwar", regimeKarnataka, "Karnataka", "Karnataka Maritime Board, Karwar", models.Office{
		Authority: kmb,
		Address: models.Texts{
			"en": "Port Office, Karwar Port, Baithkol, Karwar 581301, Karnataka",
			"kn": "ಬಂದರು ಕಚೇರಿ, ಕಾರವಾರ ಬಂದರು, ಬೈತಖೋಲ, ಕಾರವಾರ 581301, ಕರ್ನಾಟಕ",
			"hi": "बंदरगाह कार्यालय, कारवार बंदरगाह, बैतखोल, कारवार 581301, कर्नाटक",
		},
		Hours: karnatakaHours,
	}, models.UPIPayee{VPA: "registrar.karwar@sbi", Name: "Registrar of Boats, Karwar"}},
	{mangaluru, "Mangaluru", regimeKarnataka, "Karnataka", "Karnataka Maritime Board, Mangaluru", models.Office{
		Authority: kmb,
		Address: models.Texts{
			"en": "Port Office, Old Port, Bunder, Mangaluru 575001, Karnataka",
			"kn": "ಬಂದರು ಕಚೇರಿ, ಹಳೆ ಬಂದರು, ಬಂದರ್, ಮಂಗಳೂರು 575001, ಕರ್ನಾಟಕ",
			"hi": "बंदरगाह कार्यालय, पुराना बंदरगाह, बंदर, मंगलुरु 575001, कर्नाटक",
		},
		Hours: karnatakaHours,
	}, models.UPIPayee{VPA: "registrar.mangaluru@sbi", Name: "Registrar of Boats, Mangaluru"}},
	{paradip, "Paradip", regimeParadip, "Odisha", "Deputy Conservator, Paradip Port", models.Office{
		Authority: models.Texts{"en": "Conservator of the Port of Paradip",
			"kn": "ಪಾರಾದೀಪ್ ಬಂದರಿನ ಸಂರಕ್ಷಕರು", "hi": "पारादीप पत्तन के संरक्षक"},
		Address: models.Texts{
			"en": "Marine Department, Paradip Port, Paradip 754142, Jagatsinghpur, Odisha",
			"kn": "ಸಾಗರ ವಿಭಾಗ, ಪಾರಾದೀಪ್ ಬಂದರು, ಪಾರಾದೀಪ್ 754142, ಜಗತ್‌ಸಿಂಗ್‌ಪುರ, ಒಡಿಶಾ",
			"hi": "समुद्री विभाग, पारादीप पत्तन, पारादीप 754142, जगतसिंहपुर, ओडिशा",
		},
		Hours: models.Texts{
			"en": "Monday to Friday, 09:30 to 17:30; closed on public holidays",
			"kn": "ಸೋಮವಾರದಿಂದ ಶುಕ್ರವಾರ, 09:30 ರಿಂದ 17:30; ಸಾರ್ವಜನಿಕ ರಜಾದಿನಗಳಂದು ಮುಚ್ಚಿರುತ್ತದೆ",
			"hi": "सोमवार से शुक्रवार, 09:30 से 17:30; सार्वजनिक छुट्टियों पर बंद",
		},
	}, models.UPIPayee{}},
}

// ownerSeed is owner number N, whose account is ownerN@demo.tindal.
type ownerSeed struct {
	N                int
	Kind, Name, Lang string
	Phone, Address   string
	Jur              string
}

var owners = []ownerSeed{
	{1, "person", "Sadashiv Ganapati Naik", "kn", "+919448012345", "Baithkol, Karwar 581301", karwar},
	{2, "firm", "Konkan Coast Ferries Pvt Ltd", "en", "+918382226510", "Kodibag Road, Karwar 581303", karwar},
	{3, "person", "Fathima Zohra Beary", "kn", "+919845073321", "Bunder Road, Mangaluru 575001", mangaluru},
	{
		4,
		"firm",
		"Netravati Water Sports LLP",
		"en",
		"+918242441190",
		"Sultan Battery, Boloor, Mangaluru 575003",
		mangaluru,
	},
	{5, "person", "Raghavendra Kharvi", "kn", "+919481156702", "Majali, Karwar 581345", karwar},
	{6, "firm", "Mohan Shetty & Sons", "kn", "+919880234516", "Fisheries Harbour, Bengre, Mangaluru 575001", mangaluru},
	{7, "firm", "Kalinga Marine Services Pvt Ltd", "en", "+916722222845", "Port Road, Paradip 754142", paradip},
	{8, "person", "Bikash Chandra Behera", "hi", "+919437011276", "Atharabanki, Paradip 754142", paradip},
	{9, "person", "Sunita Das", "hi", "+917008345521", "Bhitarkanika Road, Kujang, Jagatsinghpur 754141", paradip},
	{10, "person", "Anil Gaonkar", "en", "+919620887413", "Sadashivgad, Karwar 581352", karwar},
}

// vesselSeed is a vessel and the dates of its certificates: Survey is the
// expiry of its certificate of survey (Karnataka), Insurance that of its
// insurance; a Paradip craft holds the licence of the current licence year,
// or of the previous one when Lapsed.
type vesselSeed struct {
	Reg, Name, Jur string
	Owner          int
	Kind           string
	Special        bool
	Cat            string
	Zone           int
	Power          float64
	Unit           string
	Dim            [3]float64 // length, breadth, depth in metres
	GRT, NRT       float64
	Pax            int
	Cargo          float64
	Use            string
	Age            int // years since registration
	Survey         int
	Insurance      int
	Provisional    bool // holds a provisional certificate of survey (at most 89 days)
	Lapsed         bool
}

const (
	mech    = "mechanised"
	nonMech = "non_mechanised"
	harbour = "harbour_craft"
	steam   = "steam"
	motor   = "motor"
)

var vessels = []vesselSeed{
	// Karwar: Konkan Coast Ferries' fleet, fishing, cargo, recreation and hand-rowed boats.
	{
		Reg:       "KA-KWR-M-0001",
		Name:      "Sharavathi Queen",
		Jur:       karwar,
		Owner:     2,
		Kind:      mech,
		Cat:       "A",
		Zone:      1,
		Power:     450,
		Unit:      "kW",
		Dim:       [3]float64{32.5, 7.2, 2.8},
		GRT:       248,
		NRT:       120,
		Pax:       150,
		Use:       "passenger",
		Age:       6,
		Survey:    240,
		Insurance: 300,
	},
	{
		Reg:       "KA-KWR-M-0002",
		Name:      "Kali Express",
		Jur:       karwar,
		Owner:     2,
		Kind:      mech,
		Cat:       "B",
		Zone:      2,
		Power:     220,
		Unit:      "kW",
		Dim:       [3]float64{24, 6, 2.2},
		GRT:       145,
		NRT:       70,
		Pax:       100,
		Use:       "passenger",
		Age:       9,
		Survey:    5,
		Insurance: 150,
	},
	{
		Reg:       "KA-KWR-M-0003",
		Name:      "Devbagh Pearl",
		Jur:       karwar,
		Owner:     2,
		Kind:      mech,
		Cat:       "C",
		Zone:      3,
		Power:     90,
		Unit:      "kW",
		Dim:       [3]float64{14.5, 4.2, 1.6},
		GRT:       38,
		NRT:       18,
		Pax:       40,
		Use:       "passenger",
		Age:       4,
		Survey:    180,
		Insurance: -10,
	},
	{
		Reg:         "KA-KWR-M-0004",
		Name:        "Anjadip",
		Jur:         karwar,
		Owner:       2,
		Kind:        mech,
		Cat:         "C",
		Zone:        2,
		Power:       120,
		Unit:        "BHP",
		Dim:         [3]float64{12.8, 4, 1.5},
		GRT:         28,
		NRT:         14,
		Pax:         30,
		Use:         "passenger",
		Age:         0,
		Survey:      45,
		Insurance:   320,
		Provisional: true,
	},
	{
		Reg:       "KA-KWR-M-0005",
		Name:      "Matsya Lakshmi",
		Jur:       karwar,
		Owner:     5,
		Kind:      mech,
		Cat:       "C",
		Zone:      1,
		Power:     180,
		Unit:      "BHP",
		Dim:       [3]float64{15.2, 4.6, 1.9},
		GRT:       42,
		NRT:       20,
		Use:       "fishing",
		Age:       11,
		Survey:    300,
		Insurance: 25,
	},
	{
		Reg:       "KA-KWR-M-0006",
		Name:      "Sri Durga Parameshwari",
		Jur:       karwar,
		Owner:     1,
		Kind:      mech,
		Cat:       "B",
		Zone:      1,
		Power:     300,
		Unit:      "kW",
		Dim:       [3]float64{28, 7, 2.6},
		GRT:       210,
		NRT:       105,
		Cargo:     150,
		Use:       "cargo",
		Age:       14,
		Survey:    -40,
		Insurance: 200,
	},
	{
		Reg:    "KA-KWR-M-0007",
		Name:   "Oyster Rock",
		Jur:    karwar,
		Owner:  10,
		Kind:   mech,
		Cat:    "C",
		Zone:   3,
		Power:  40,
		Unit:   "kW",
		Dim:    [3]float64{8.5, 2.6, 1.1},
		GRT:    4.2,
		NRT:    2.1,
		Pax:    8,
		Use:    "recreation",
		Age:    3,
		Survey: 120,
	},
	{
		Reg:       "KA-KWR-M-0008-SPL",
		Name:      "Karwar Thrill Rider",
		Jur:       karwar,
		Owner:     2,
		Kind:      mech,
		Special:   true,
		Cat:       "C",
		Zone:      3,
		Power:     110,
		Unit:      "kW",
		Dim:       [3]float64{7.2, 2.4, 1},
		GRT:       3.1,
		NRT:       1.5,
		Pax:       10,
		Use:       "hire",
		Age:       2,
		Survey:    90,
		Insurance: 90,
	},
	{
		Reg:    "KA-KWR-N-0001",
		Name:   "Sri Ganesha",
		Jur:    karwar,
		Owner:  1,
		Kind:   nonMech,
		Cat:    "A",
		Zone:   3,
		Dim:    [3]float64{9, 2.4, 0.9},
		GRT:    3.5,
		NRT:    2.4,
		Pax:    14,
		Use:    "passenger",
		Age:    7,
		Survey: 270,
	},
	{
		Reg:    "KA-KWR-N-0002",
		Name:   "Nada Doni Mahalakshmi",
		Jur:    karwar,
		Owner:  5,
		Kind:   nonMech,
		Cat:    "C",
		Zone:   3,
		Dim:    [3]float64{7.5, 1.8, 0.8},
		GRT:    1.8,
		NRT:    1.2,
		Cargo:  2.5,
		Use:    "cargo",
		Age:    12,
		Survey: 210,
	},
	{
		Reg:    "KA-KWR-N-0003",
		Name:   "Kodibag Theppa",
		Jur:    karwar,
		Owner:  10,
		Kind:   nonMech,
		Cat:    "B",
		Zone:   3,
		Dim:    [3]float64{6.8, 2.1, 0.7},
		GRT:    1.6,
		NRT:    1.1,
		Pax:    8,
		Use:    "hire",
		Age:    2,
		Survey: 150,
	},

	// Mangaluru: river cruises, the Bengre ferry, trawlers, special-category craft.
	{
		Reg:       "KA-MNG-M-0001",
		Name:      "Gurupura Cruiser",
		Jur:       mangaluru,
		Owner:     4,
		Kind:      mech,
		Cat:       "A",
		Zone:      3,
		Power:     260,
		Unit:      "kW",
		Dim:       [3]float64{22, 6.5, 2},
		GRT:       96,
		NRT:       44,
		Pax:       80,
		Use:       "passenger",
		Age:       5,
		Survey:    330,
		Insurance: 320,
	},
	{
		Reg:       "KA-MNG-M-0002",
		Name:      "Bengre Ferry",
		Jur:       mangaluru,
		Owner:     3,
		Kind:      mech,
		Cat:       "C",
		Zone:      3,
		Power:     75,
		Unit:      "BHP",
		Dim:       [3]float64{12, 3.8, 1.4},
		GRT:       22,
		NRT:       11,
		Pax:       35,
		Use:       "passenger",
		Age:       16,
		Survey:    25,
		Insurance: 110,
	},
	{
		Reg:       "KA-MNG-M-0003",
		Name:      "Mohan Matsya",
		Jur:       mangaluru,
		Owner:     6,
		Kind:      mech,
		Cat:       "B",
		Zone:      1,
		Power:     350,
		Unit:      "BHP",
		Dim:       [3]float64{19.8, 5.8, 2.4},
		GRT:       88,
		NRT:       42,
		Use:       "fishing",
		Age:       8,
		Survey:    200,
		Insurance: 45,
	},
	{
		Reg:       "KA-MNG-M-0004",
		Name:      "Shetty Sagar",
		Jur:       mangaluru,
		Owner:     6,
		Kind:      mech,
		Cat:       "C",
		Zone:      2,
		Power:     160,
		Unit:      "kW",
		Dim:       [3]float64{16.5, 5, 2},
		GRT:       55,
		NRT:       26,
		Use:       "fishing",
		Age:       10,
		Survey:    160,
		Insurance: 160,
	},
	{
		Reg:       "KA-MNG-M-0005",
		Name:      "Tannirbhavi",
		Jur:       mangaluru,
		Owner:     6,
		Kind:      mech,
		Cat:       "B",
		Zone:      3,
		Power:     150,
		Unit:      "kW",
		Dim:       [3]float64{30, 8, 2.5},
		GRT:       190,
		NRT:       98,
		Cargo:     80,
		Use:       "cargo",
		Age:       13,
		Survey:    280,
		Insurance: 100,
	},
	{
		Reg:       "KA-MNG-M-0006-SPL",
		Name:      "Netravati Sun",
		Jur:       mangaluru,
		Owner:     4,
		Kind:      mech,
		Special:   true,
		Cat:       "C",
		Zone:      3,
		Power:     60,
		Unit:      "kW",
		Dim:       [3]float64{15, 5.5, 1.5},
		GRT:       32,
		NRT:       15,
		Pax:       40,
		Use:       "passenger",
		Age:       1,
		Survey:    75,
		Insurance: 75,
	},
	{
		Reg:       "KA-MNG-M-0007-SPL",
		Name:      "Panambur Rider",
		Jur:       mangaluru,
		Owner:     4,
		Kind:      mech,
		Special:   true,
		Cat:       "C",
		Zone:      3,
		Power:     180,
		Unit:      "kW",
		Dim:       [3]float64{8, 2.6, 1.1},
		GRT:       4.8,
		NRT:       2.2,
		Pax:       12,
		Use:       "hire",
		Age:       3,
		Survey:    140,
		Insurance: 140,
	},
	{
		Reg:    "KA-MNG-N-0001",
		Name:   "Sultan Battery Doni",
		Jur:    mangaluru,
		Owner:  3,
		Kind:   nonMech,
		Cat:    "A",
		Zone:   3,
		Dim:    [3]float64{10.5, 3, 1.2},
		GRT:    6.5,
		NRT:    4.2,
		Cargo:  6,
		Use:    "cargo",
		Age:    20,
		Survey: 95,
	},
	{
		Reg:    "KA-MNG-N-0002",
		Name:   "Nethravathi Agarala",
		Jur:    mangaluru,
		Owner:  4,
		Kind:   nonMech,
		Cat:    "C",
		Zone:   3,
		Dim:    [3]float64{5.5, 1.5, 0.6},
		GRT:    0.9,
		NRT:    0.6,
		Pax:    4,
		Use:    "hire",
		Age:    4,
		Survey: 230,
	},
	{
		Reg:    "KA-MNG-N-0003",
		Name:   "Ullal Theppa",
		Jur:    mangaluru,
		Owner:  3,
		Kind:   nonMech,
		Cat:    "B",
		Zone:   3,
		Dim:    [3]float64{7, 2.2, 0.8},
		GRT:    1.9,
		NRT:    1.3,
		Pax:    9,
		Use:    "passenger",
		Age:    6,
		Survey: 110,
	},

	// Paradip: licensed harbour craft, a steam tug and motor boats in every manning band.
	{
		Reg:   "OD-PDP-HC-0001",
		Name:  "Maa Tarini",
		Jur:   paradip,
		Owner: 8,
		Kind:  harbour,
		Dim:   [3]float64{11, 3.4, 1.3},
		GRT:   9,
		NRT:   6,
		Cargo: 12,
		Use:   "cargo",
		Age:   9,
	},
	{
		Reg:    "OD-PDP-HC-0002",
		Name:   "Jagannath",
		Jur:    paradip,
		Owner:  9,
		Kind:   harbour,
		Dim:    [3]float64{6.5, 1.6, 0.6},
		GRT:    1.2,
		NRT:    0.8,
		Pax:    6,
		Use:    "hire",
		Age:    15,
		Lapsed: true,
	},
	{
		Reg:   "OD-PDP-HC-0003",
		Name:  "Sabitri",
		Jur:   paradip,
		Owner: 7,
		Kind:  harbour,
		Dim:   [3]float64{14, 4.2, 1.6},
		GRT:   18,
		NRT:   12,
		Cargo: 20,
		Use:   "cargo",
		Age:   11,
	},
	{
		Reg:       "OD-PDP-ST-0001",
		Name:      "Kalinga",
		Jur:       paradip,
		Owner:     7,
		Kind:      steam,
		Power:     65,
		Unit:      "NHP",
		Dim:       [3]float64{26, 6.5, 3},
		GRT:       180,
		NRT:       54,
		Use:       "cargo",
		Age:       30,
		Insurance: 200,
	},
	{
		Reg:       "OD-PDP-MB-0001",
		Name:      "Paradip Launch 3",
		Jur:       paradip,
		Owner:     7,
		Kind:      motor,
		Power:     300,
		Unit:      "BHP",
		Dim:       [3]float64{18, 4.8, 2.1},
		GRT:       48,
		NRT:       16,
		Pax:       12,
		Use:       "passenger",
		Age:       7,
		Insurance: 35,
	},
	{
		Reg:   "OD-PDP-MB-0002",
		Name:  "Sea Hawk",
		Jur:   paradip,
		Owner: 9,
		Kind:  motor,
		Power: 18,
		Unit:  "BHP",
		Dim:   [3]float64{8.5, 2.5, 1},
		GRT:   2.8,
		NRT:   1.4,
		Pax:   6,
		Use:   "recreation",
		Age:   2,
	},
	{
		Reg:       "OD-PDP-MB-0003",
		Name:      "Hansua",
		Jur:       paradip,
		Owner:     8,
		Kind:      motor,
		Power:     120,
		Unit:      "BHP",
		Dim:       [3]float64{13, 3.6, 1.5},
		GRT:       19,
		NRT:       8,
		Pax:       25,
		Use:       "hire",
		Age:       5,
		Insurance: 260,
	},
	{
		Reg:       "OD-PDP-MB-0004",
		Name:      "Samudra Seva",
		Jur:       paradip,
		Owner:     7,
		Kind:      motor,
		Power:     600,
		Unit:      "BHP",
		Dim:       [3]float64{24, 6.8, 2.9},
		GRT:       150,
		NRT:       45,
		Use:       "cargo",
		Age:       12,
		Insurance: 180,
	},
	{
		Reg:   "OD-PDP-MB-0005",
		Name:  "Dhauli",
		Jur:   paradip,
		Owner: 8,
		Kind:  motor,
		Power: 35,
		Unit:  "BHP",
		Dim:   [3]float64{9.5, 2.8, 1.1},
		GRT:   4,
		NRT:   2,
		Cargo: 3,
		Use:   "cargo",
		Age:   8,
	},
}

// crewSeed is a crew member; Born is a calendar date.
type crewSeed struct {
	Indivc, Name, Born, Phone, Lang, Jur string
}

var crew = []crewSeed{
	{"INDIVC-KA-000101", "Manjunath Harikantra", "1978-03-14", "+919448561201", "kn", karwar},
	{"INDIVC-KA-000102", "Ganesh Tandel", "1969-11-02", "+919448561202", "kn", karwar},
	{"INDIVC-KA-000103", "Prakash Naik", "1981-06-21", "+919448561203", "kn", karwar},
	{"INDIVC-KA-000104", "Vinayak Kharvi", "1975-01-09", "+919448561204", "kn", karwar},
	{"INDIVC-KA-000105", "Shrikant Gouda", "1990-08-30", "+919448561205", "kn", karwar},
	{"INDIVC-KA-000106", "Ramesh Ambiga", "1985-12-12", "+919448561206", "kn", karwar},
	{"INDIVC-KA-000107", "Nagaraj Gaonkar", "1972-04-17", "+919448561207", "kn", karwar},
	{"INDIVC-KA-000108", "Umesh Tandel", "1988-02-05", "+919448561208", "kn", karwar},
	{"INDIVC-KA-000109", "Yogesh Meshta", "1983-09-23", "+919448561209", "kn", karwar},
	{"INDIVC-KA-000110", "Santosh Harikant", "1995-05-11", "+919448561210", "kn", karwar},
	{"INDIVC-KA-000111", "Sunil Naik", "1992-07-19", "", "kn", karwar},
	{"INDIVC-KA-000112", "Anand Kudtarkar", "1986-10-03", "+919448561212", "en", karwar},
	{"INDIVC-KA-000201", "Dinesh Bangera", "1976-01-28", "+919845512201", "kn", mangaluru},
	{"INDIVC-KA-000202", "Praveen Kotian", "1984-03-07", "+919845512202", "en", mangaluru},
	{"INDIVC-KA-000203", "Abdul Rasheed", "1970-06-15", "+919845512203", "kn", mangaluru},
	{"INDIVC-KA-000204", "Joseph D'Souza", "1979-11-22", "+919845512204", "en", mangaluru},
	{"INDIVC-KA-000205", "Suresh Salian", "1991-04-01", "", "kn", mangaluru},
	{"INDIVC-KA-000206", "Lokesh Poojary", "1987-08-09", "+919845512206", "kn", mangaluru},
	{"INDIVC-KA-000207", "Kiran Suvarna", "1998-12-25", "+919845512207", "kn", mangaluru},
	{"INDIVC-KA-000208", "Ibrahim Byari", "1966-02-14", "+919845512208", "kn", mangaluru},
	{"INDIVC-OD-000301", "Prasanta Kumar Jena", "1974-05-20", "+919437221301", "hi", paradip},
	{"INDIVC-OD-000302", "Sanjay Behera", "1980-09-12", "+919437221302", "hi", paradip},
	{"INDIVC-OD-000303", "Debasis Swain", "1977-03-03", "+919437221303", "hi", paradip},
	{"INDIVC-OD-000304", "Rabindra Nayak", "1968-12-01", "+919437221304", "hi", paradip},
	{"INDIVC-OD-000305", "Ajit Mallick", "1985-07-07", "+919437221305", "en", paradip},
	{"INDIVC-OD-000306", "Bijay Parida", "1990-01-16", "+919437221306", "hi", paradip},
	{"INDIVC-OD-000307", "Gopal Sethi", "1982-10-29", "", "hi", paradip},
	{"INDIVC-OD-000308", "Manas Ranjan Rout", "1993-06-18", "+919437221308", "hi", paradip},
}

// postSeed signs a crew member on a vessel, Since days ago.
type postSeed struct {
	Reg, Indivc, Role string
	Since             int
}

var posts = []postSeed{
	{"KA-KWR-M-0001", "INDIVC-KA-000101", "master", 900},
	{"KA-KWR-M-0001", "INDIVC-KA-000103", "engine_driver", 700},
	{"KA-KWR-M-0001", "INDIVC-KA-000105", "gp_rating", 400},
	{"KA-KWR-M-0002", "INDIVC-KA-000102", "serang", 1500},
	{"KA-KWR-M-0002", "INDIVC-KA-000104", "engine_driver", 1200},
	{"KA-KWR-M-0002", "INDIVC-KA-000106", "gp_rating", 300},
	{"KA-KWR-M-0003", "INDIVC-KA-000107", "serang", 800},
	{"KA-KWR-M-0003", "INDIVC-KA-000108", "engine_driver", 600},
	{"KA-KWR-M-0005", "INDIVC-KA-000109", "master", 2000},
	{"KA-KWR-N-0001", "INDIVC-KA-000110", "tindal", 500},
	{"KA-KWR-N-0001", "INDIVC-KA-000111", "gp_rating", 350},
	{"KA-KWR-M-0008-SPL", "INDIVC-KA-000112", "master", 200},
	{"KA-MNG-M-0001", "INDIVC-KA-000201", "master", 1100},
	{"KA-MNG-M-0001", "INDIVC-KA-000202", "engineer", 1000},
	{"KA-MNG-M-0002", "INDIVC-KA-000203", "serang", 3000},
	{"KA-MNG-M-0003", "INDIVC-KA-000204", "engine_driver", 1400},
	{"KA-MNG-M-0003", "INDIVC-KA-000205", "gp_rating", 250},
	{"KA-MNG-M-0006-SPL", "INDIVC-KA-000206", "master", 150},
	{"KA-MNG-N-0001", "INDIVC-KA-000207", "tindal", 420},
	{"KA-MNG-M-0004", "INDIVC-KA-000208", "serang", 2500},
	{"OD-PDP-MB-0004", "INDIVC-OD-000301", "master", 1800},
	{"OD-PDP-MB-0004", "INDIVC-OD-000302", "engineer", 1600},
	{"OD-PDP-ST-0001", "INDIVC-OD-000303", "master", 2200},
	{"OD-PDP-ST-0001", "INDIVC-OD-000304", "engineer", 2600},
	{"OD-PDP-MB-0001", "INDIVC-OD-000305", "master", 900},
	{"OD-PDP-MB-0001", "INDIVC-OD-000306", "engine_driver", 900},
	{"OD-PDP-HC-0001", "INDIVC-OD-000307", "tindal", 1300},
	{"OD-PDP-MB-0003", "INDIVC-OD-000308", "engine_driver", 450},
}

// crewCertSeed is a certificate of a crew member. Issued, Expires and
// Revalidated are day offsets from today; 0 means none for the latter two.
type crewCertSeed struct {
	Indivc, Kind    string
	Grade           rules.CertificateGrade
	Legacy          bool
	Number, Issuer  string
	Issued, Expires int
	Revalidated     int
}

const (
	coc         = "competency"
	gp          = "gp_rating"
	kmbExaminer = "Chief Examiner, Karnataka Maritime Board"
	kaPortDept  = "Captain of Ports, Karnataka Port Department"
	ivnti       = "Inland Vessel Navigation Training Institute, Karwar"
	pdpDC       = "Deputy Conservator, Paradip Port"
	pdpMech     = "Superintendent (Mechanical), Paradip Port"
)

var crewCerts = []crewCertSeed{
	// Karwar: new CoCs, legacy CoCs with and without revalidation, GP ratings.
	{"INDIVC-KA-000101", coc, rules.GradeMasterClass2, false, "KMB/COC/M2/0101", kmbExaminer, -400, 1425, 0},
	{"INDIVC-KA-000102", coc, rules.GradeSerang, true, "KAPD/SER/1427", kaPortDept, -3900, 1000, 0},
	{"INDIVC-KA-000103", coc, rules.GradeEngineDriverClass1, false, "KMB/COC/ED1/0103", kmbExaminer, -650, 1175, 0},
	{"INDIVC-KA-000104", coc, rules.GradeSecondClassEngineDriver, true, "KAPD/ED2/0884", kaPortDept, -4400, 0, -150},
	{"INDIVC-KA-000105", gp, rules.GradeGPRating, false, "IVNTI/GP/2211", ivnti, -300, 1525, 0},
	{"INDIVC-KA-000106", gp, rules.GradeGPRating, false, "IVNTI/GP/1975", ivnti, -1800, 25, 0},
	{"INDIVC-KA-000107", coc, rules.GradeSerang, true, "KAPD/SER/1102", kaPortDept, -5200, 0, -90},
	{"INDIVC-KA-000108", coc, rules.GradeEngineDriverClass2, false, "KMB/COC/ED2/0108", kmbExaminer, -1780, 45, 0},
	{"INDIVC-KA-000109", coc, rules.GradeSecondClassMaster, true, "KAPD/M2/0342", kaPortDept, -6100, 0, 0},
	{"INDIVC-KA-000110", gp, rules.GradeGPRating, false, "IVNTI/GP/2302", ivnti, -500, 1325, 0},
	{"INDIVC-KA-000111", gp, rules.GradeGPRating, false, "IVNTI/GP/1810", ivnti, -1865, -40, 0},
	{"INDIVC-KA-000112", coc, rules.GradeMasterClass3, false, "KMB/COC/M3/0112", kmbExaminer, -220, 1605, 0},
	// Mangaluru.
	{"INDIVC-KA-000201", coc, rules.GradeMasterClass1, false, "KMB/COC/M1/0201", kmbExaminer, -1000, 825, 0},
	{"INDIVC-KA-000202", coc, rules.GradeInlandVesselEngineer, false, "KMB/COC/IVE/0202", kmbExaminer, -950, 875, 0},
	{"INDIVC-KA-000203", coc, rules.GradeSerang, true, "KAPD/SER/0761", kaPortDept, -8000, 0, 0},
	{
		"INDIVC-KA-000204",
		coc,
		rules.GradeFirstClassEngineDriver,
		true,
		"MMD/ED1/55120",
		"Mercantile Marine Department, Mumbai",
		-5600,
		1500,
		0,
	},
	{"INDIVC-KA-000205", gp, rules.GradeGPRating, false, "IVNTI/GP/2140", ivnti, -260, 1565, 0},
	{"INDIVC-KA-000206", coc, rules.GradeMasterClass3, false, "KMB/COC/M3/0206", kmbExaminer, -160, 1665, 0},
	{"INDIVC-KA-000207", gp, rules.GradeGPRating, false, "IVNTI/GP/2266", ivnti, -430, 1395, 0},
	{"INDIVC-KA-000208", coc, rules.GradeSerang, true, "KAPD/SER/0533", kaPortDept, -9100, 0, -400},
	// Paradip: the grades Paradip 1967 r.29 names.
	{
		"INDIVC-OD-000301",
		coc,
		rules.GradeSeaGoingMaster,
		false,
		"MMD/MAS/20871",
		"Directorate General of Shipping, Mumbai",
		-2000,
		1650,
		0,
	},
	{"INDIVC-OD-000302", coc, rules.GradeMotorEngineer, false, "PPT/MENG/0112", pdpMech, -1500, 325, 0},
	{"INDIVC-OD-000303", coc, rules.GradeSecondClassMaster, false, "PPT/M2/0087", pdpDC, -3000, 650, 0},
	{"INDIVC-OD-000304", coc, rules.GradeFirstClassEngineDriver, false, "PPT/ED1/0064", pdpMech, -4000, 280, 0},
	{"INDIVC-OD-000305", coc, rules.GradeSecondClassMaster, false, "PPT/M2/0131", pdpDC, -1200, 900, 0},
	{"INDIVC-OD-000306", coc, rules.GradeFirstClassMotorEngineDriver, false, "PPT/MED1/0140", pdpMech, -1100, 1000, 0},
	{"INDIVC-OD-000307", coc, rules.GradeSerang, false, "PPT/SER/0219", pdpDC, -2500, 420, 0},
	{"INDIVC-OD-000308", coc, rules.GradeSecondClassMotorEngineDriver, false, "PPT/MED2/0188", pdpMech, -1820, 5, 0},
}

// staffSeed is a demo official; Jur lists jurisdiction codes.
type staffSeed struct {
	Email, Name string
	Role        models.Role
	Jur         []string
	Lang        string
}

var staff = []staffSeed{
	{"admin@demo.tindal", "Demo Administrator", models.RoleAdmin, nil, "en"},
	{"registrar.karwar@demo.tindal", "Shobha Kamat", models.RoleRegistrar, []string{karwar}, "en"},
	{"supervisor.karwar@demo.tindal", "Rajesh Naik", models.RoleSupervisor, []string{karwar}, "kn"},
	{"inspector.karwar@demo.tindal", "Priya Gaonkar", models.RoleInspector, []string{karwar}, "kn"},
	{"inspector.mangaluru@demo.tindal", "Mohammed Irfan", models.RoleInspector, []string{mangaluru}, "en"},
	{"supervisor.mangaluru@demo.tindal", "Kavitha Shenoy", models.RoleSupervisor, []string{mangaluru}, "en"},
	{"registrar.mangaluru@demo.tindal", "Ravi Kamath", models.RoleRegistrar, []string{mangaluru}, "en"},
	{"supervisor.paradip@demo.tindal", "Sasmita Mohanty", models.RoleSupervisor, []string{paradip}, "hi"},
	{"inspector.paradip@demo.tindal", "Pradeep Kumar Sahoo", models.RoleInspector, []string{paradip}, "hi"},
}
