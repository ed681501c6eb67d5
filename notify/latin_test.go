package notify

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/tindal/tindal/locale"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/testkit"
)

// Data an owner sees as registered (names, numbers): kept as written.
const (
	leakVessel = "Sagar Rani (KA-KWR-M-0001)"
	leakOwner  = "Ramesh Tandel"
	leakHolder = "Suresh Naik"
)

// Every vessel certificate kind and crew grade the law knows.
var (
	leakDocs = []string{string(rules.CertRegistration), string(rules.CertSurvey), string(rules.CertNonMechSurvey),
		string(rules.CertProvisionalSurvey), string(rules.CertDeclarationOfSurvey), string(rules.CertPollution),
		string(rules.CertInsurance), string(rules.CertFitness), string(rules.CertParadipLicence), "licence", "permit", "gp_rating"} // a competency certificate is named by its grade (jobs/crew.go)
	leakGrades = []rules.CertificateGrade{rules.GradeMasterClass1, rules.GradeMasterClass2, rules.GradeMasterClass3,
		rules.GradeEngineDriverClass1, rules.GradeEngineDriverClass2, rules.GradeInlandVesselEngineer, rules.GradeGPRating,
		rules.GradePleasureCraftLicence, rules.GradeFirstClassMaster, rules.GradeSecondClassMaster, rules.GradeSerang,
		rules.GradeEngineer, rules.GradeMotorEngineer, rules.GradeFirstClassEngineDriver, rules.GradeSecondClassEngineDriver,
		rules.GradeFirstClassMotorEngineDriver, rules.GradeSecondClassMotorEngineDriver, rules.GradeSeaGoingMaster,
		rules.GradeSeaGoingEngineer, rules.GradeSeaGoingEngineDriver, rules.GradePermit}
	leakRoles = []string{rules.RoleMaster, rules.RoleEngineer, rules.RoleGPRating, rules.RoleBoatInCharge, rules.RoleNavigator}
)

func checkLatin(t *testing.T, lang, what, text string) {
	t.Helper()
	if ws := testkit.LatinWords(text, leakVessel, leakOwner, leakHolder); len(ws) > 0 {
		t.Errorf("%s %s: English or internal words %q in:\n%s", lang, what, ws, text)
	}
}

// Every mail and in-app notice (the feed shows the same rendering) in
// Kannada and Hindi is written from the catalogues: no internal key
// ("nonmech survey"), English grade ("serang") or English citation
// ("endorsed on the certificate") reaches an owner.
func TestKannadaAndHindiNoticesHaveNoEnglish(t *testing.T) {
	due := time.Date(2027, 6, 6, 0, 0, 0, 0, time.UTC)
	codes := append([]string{}, leakDocs...)
	for _, g := range leakGrades {
		codes = append(codes, string(g))
	}
	var posts []Post
	for _, r := range leakRoles {
		grades := make([]string, 0, len(leakGrades))
		for _, g := range leakGrades {
			grades = append(grades, string(g))
		}
		posts = append(posts, Post{Role: r, Grades: grades})
	}
	for _, lang := range []string{locale.Kannada, locale.Hindi} {
		render := func(what, tpl string, r Recipient, d Data) {
			t.Helper()
			out, err := Render(tpl, r, d)
			if err != nil {
				t.Fatalf("%s %s: %v", lang, what, err)
			}
			checkLatin(t, lang, what, out.Subject+"\n"+out.Body)
		}
		owner := Recipient{Type: RecipientOwner, ID: uuid.New(), Name: leakOwner, Language: lang}
		crew := Recipient{Type: RecipientCrewMember, ID: uuid.New(), Name: leakHolder, Language: lang}
		base := Data{Vessel: leakVessel, Number: "INS-7", Due: due, Days: 30, Citation: string(rules.CitationEndorsed)}
		for _, code := range codes {
			for _, tpl := range []string{TplCertificateExpiring, TplCertificateExpired} {
				d := base
				d.Doc = code
				render(tpl+" "+code, tpl, owner, d)
				d.Holder = leakHolder
				render(tpl+" holder "+code, tpl, owner, d)
				render(tpl+" self "+code, tpl, crew, d)
			}
		}
		for _, tpl := range []string{TplCoCLegacyDeadline, TplCoCRevalidationDue} {
			for _, g := range leakGrades {
				d := base
				d.Doc, d.Holder = string(g), leakHolder
				render(tpl+" "+string(g), tpl, owner, d)
				render(tpl+" self "+string(g), tpl, crew, d)
			}
		}
		d := base
		d.Posts = posts
		render("manning", TplManningNonCompliant, owner, d)
		for _, kind := range []string{"survey_window", "licence_year", "pollution_inspection", "late_renewal", "registration_lapse"} {
			d := base
			d.Doc = kind
			render("overdue "+kind, TplInspectionOverdue, owner, d)
		}
		for _, reason := range []string{PenaltyRepeat, PenaltyRepeatChanged, PenaltyEarlierRemoved, PenaltyCancelled, PenaltySetAside, PenaltyRecomputed} {
			d := base
			d.Row, d.Offence, d.Level, d.PreviousLevel, d.Reason, d.Amount, d.Previous, d.Earlier = "KA-F02", "Plying without a valid survey", 2, 1, reason, 10000, 5000, due
			d.Citation = "Karnataka 2025, Sch-IV row 2"
			render("penalty "+reason, TplPenaltyAdjusted, owner, d)
		}
		for _, tpl := range []string{TplVesselUnfit, TplDetentionOrdered, TplDetentionReleased, TplDetentionReportDue, TplRectificationAccepted, TplRectificationRejected, TplFindingOverdue} {
			d := base
			d.Citation, d.Doc, d.Number = "Karnataka 2025, Sch-IX para 6", "03019", "KWR/DO/2026/0001"
			d.Reasons = []Reason{{Code: string(rules.CodeSurveyCertExpired)}, {Code: string(rules.CodeExtinguisherMissing)}}
			for _, status := range []string{"detained", "suspended", "cancelled"} {
				d.Reasons = append(d.Reasons, Reason{Code: ReasonVesselStatus, Status: status})
			}
			render(tpl, tpl, owner, d)
		}
	}
}

// leakDeadlines are the deadlines the law derives for a non-mechanised
// Karnataka boat and a Paradip boat with every certificate, their crew of
// every grade, and the Karnataka 2025 transition, as api's calendar hands
// them to the feed.
func leakDeadlines() []Deadline {
	from, issued := rules.D(2026, 3, 1), rules.D(2025, 4, 1)
	var certs []rules.CertificateRecord
	for _, k := range leakDocs {
		certs = append(certs, rules.CertificateRecord{Kind: rules.CertificateKind(k), Number: "C-1", IssuedOn: issued, ExpiresOn: rules.D(2027, 1, 1)})
	}
	var crew []rules.CrewOnBoard
	for i, g := range leakGrades {
		crew = append(crew, rules.CrewOnBoard{ID: fmt.Sprint("crew-", i), Certificates: []rules.CrewCertificate{
			{Grade: g, IssuedOn: issued, Legacy: true}, {Grade: g, IssuedOn: issued, RevalidatedOn: issued}, {Grade: g, IssuedOn: issued, ExpiresOn: rules.D(2028, 1, 1)}}})
	}
	var ds []rules.Deadline
	for _, v := range []rules.VesselParticulars{
		{ID: "ka", Regime: rules.RegimeKarnataka2025, Kind: "non_mechanised", Certificates: certs, FirstSurvey: issued,
			LastBottomInspection: issued, LastPollutionInspection: issued},
		{ID: "pa", Regime: rules.RegimeParadip1967, Kind: "mechanised", Certificates: certs, OwnershipTransferredOn: from, ControlChangedOn: from},
	} {
		ds = append(ds, rules.Deadlines(v, crew, from, rules.Date{})...)
	}
	out := make([]Deadline, 0, len(ds))
	for _, d := range ds {
		crew := strings.HasPrefix(d.Subject, "crew-")
		out = append(out, Deadline{Key: string(d.Kind) + "|" + d.Subject + "|" + d.Document, Kind: string(d.Kind), Who: leakVessel,
			Crew: crew, Document: d.Document, Due: time.Date(d.Due.Year, d.Due.Month, d.Due.Day, 0, 0, 0, 0, time.UTC), Citation: string(d.Citation), Note: d.Note})
	}
	return out
}

// Every event of the calendar feed (.ics) in Kannada and Hindi, from the
// deadlines the law derives and the inspection's own dates, is written
// from the catalogues.
func TestKannadaAndHindiCalendarHasNoEnglish(t *testing.T) {
	ds := leakDeadlines()
	if len(ds) < 40 {
		t.Fatalf("only %d deadlines derived: the fixture no longer covers the law", len(ds))
	}
	at := time.Date(2026, 5, 1, 4, 0, 0, 0, time.UTC)
	in := InspectionDeadlines{
		Rectifications: []Rectification{{FindingID: uuid.New(), Vessel: leakVessel, Code: string(rules.CodeExtinguisherMissing), Found: at, Due: at.AddDate(0, 0, 14)}},
		Penalties: []PenaltyWindow{{PenaltyID: uuid.New(), Vessel: leakVessel, Row: "KA-F02", Amount: 5000, Notice: at, Regime: string(rules.RegimeKarnataka2025)},
			{PenaltyID: uuid.New(), Vessel: leakVessel, Row: "PA-1", Amount: 500, Notice: at, Regime: string(rules.RegimeParadip1967)}},
		Detentions: []Detention{{InspectionID: uuid.New(), Vessel: leakVessel, Date: at}},
	}
	for _, lang := range []string{locale.Kannada, locale.Hindi} {
		w := &writer{lang: lang, c: locale.Default()}
		events := w.inspectionEvents(in)
		for _, d := range ds {
			events = append(events, w.deadlineEvent(d))
		}
		if w.err != nil {
			t.Fatalf("%s: %v", lang, w.err)
		}
		for _, e := range events {
			checkLatin(t, lang, "event "+e.UID, e.Summary+"\n"+e.Description)
		}
		checkLatin(t, lang, "calendar name", w.text("calendar.name", map[string]any{"Owner": leakOwner}))
		ics := string(ICS(Calendar{Name: "x", Language: lang, Events: events}, at))
		for _, en := range []string{"nonmech", "paradip licence", "serang", "endorsed on the certificate"} {
			if strings.Contains(strings.ToLower(ics), en) {
				t.Errorf("%s calendar: %q in the .ics", lang, en)
			}
		}
	}
}
