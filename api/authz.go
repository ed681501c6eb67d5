package api

import "github.com/tindal/tindal/models"

// Abbreviations for the authorization table.
const (
	none = models.AccessNone
	own  = models.AccessOwn
	jur  = models.AccessJurisdiction
	all  = models.AccessAll
)

// grant is one row of the authorization table: how far each role reaches.
type grant struct{ admin, registrar, supervisor, inspector, owner models.Access }

func (g grant) of(r models.Role) models.Access {
	switch r {
	case models.RoleAdmin:
		return g.admin
	case models.RoleRegistrar:
		return g.registrar
	case models.RoleSupervisor:
		return g.supervisor
	case models.RoleInspector:
		return g.inspector
	case models.RoleOwner:
		return g.owner
	}
	return none
}

var (
	readRegistry  = grant{all, jur, jur, jur, own} // inspectors and supervisors see their jurisdictions; owners their own
	writeRegistry = grant{all, jur, none, none, none}
	adminOnly     = grant{all, none, none, none, none}
	anyone        = grant{all, all, all, all, all}
	officials     = grant{all, all, all, all, none} // staff who judge inspections
	uploadPhotos  = grant{
		all,
		none,
		jur,
		jur,
		own,
	} // those who take photos: at inspections, and owners of their findings (attachFindingPhoto)
)

// authz is the authorization table: every operation of the contract that
// needs a signed-in caller, by operationId, and how far each role reaches.
// A test walks every operation of openapi.yaml against it for every role.
var authz = map[string]grant{
	"logout": anyone,
	"getMe":  anyone,

	"listJurisdictions":  anyone, // reference data
	"getJurisdiction":    anyone,
	"createJurisdiction": adminOnly,
	"updateJurisdiction": adminOnly,

	"listOwners":  readRegistry,
	"getOwner":    readRegistry,
	"createOwner": writeRegistry,
	"updateOwner": writeRegistry,
	"deleteOwner": writeRegistry,

	"listVessels":  readRegistry,
	"getVessel":    readRegistry,
	"createVessel": writeRegistry,
	"updateVessel": writeRegistry,
	"deleteVessel": writeRegistry,

	"listVesselCrew":   readRegistry,
	"addVesselCrew":    writeRegistry,
	"updateVesselCrew": writeRegistry,
	"deleteVesselCrew": writeRegistry,

	"listCrewMembers":  readRegistry,
	"getCrewMember":    readRegistry,
	"createCrewMember": writeRegistry,
	"updateCrewMember": writeRegistry,
	"deleteCrewMember": writeRegistry,

	// Jobs, flags, notifications and calendars.
	"listFlags":            readRegistry,
	"resolveFlag":          grant{all, jur, jur, none, none},
	"listMyNotifications":  anyone,
	"markNotificationRead": anyone,
	"listCalendarTokens":   grant{all, jur, none, none, own},
	"createCalendarToken":  grant{all, jur, none, none, own},
	"revokeCalendarToken":  grant{all, jur, none, none, own},
	"listJobs":             adminOnly,
	"listDevices":          adminOnly,
	"runJob":               adminOnly,

	"listCertificates":  readRegistry,
	"getCertificate":    readRegistry,
	"createCertificate": writeRegistry,
	"updateCertificate": writeRegistry,
	"deleteCertificate": writeRegistry,

	"getRulesCatalogue":   anyone, // the law, the same for everyone
	"evaluateRules":       officials,
	"quoteFee":            anyone,
	"checkManning":        anyone,
	"computeCapacity":     anyone,
	"computeTonnage":      anyone,
	"computeFreeboard":    anyone,
	"getVesselCompliance": readRegistry, // whoever may read the vessel
	"listVesselTemplates": readRegistry, // whoever may read the vessel
	"getVesselQR":         readRegistry, // its owner, and the officials of its jurisdiction (docs/PUBLIC.md)

	// Every signed-in user pulls; what each item reveals is decided per
	// entity type by that type's own read operation in this table.
	"syncPull":   anyone,
	"syncVerify": anyone,

	// Photos: whoever may see the inspection reads them; only the user who
	// attached a photo uploads its bytes (checked in package photo).
	"getPhoto":            readRegistry,
	"planPhotoUpload":     uploadPhotos,
	"getPhotoUpload":      uploadPhotos,
	"completePhotoUpload": uploadPhotos,
	"putPhotoContent":     uploadPhotos,
	"patchPhotoContent":   uploadPhotos,

	// Inspections and the push (docs/SYNC.md): inspectors and supervisors push
	// field work, authorised per mutation against their assignments at its
	// capture time; inspectors read their own inspections, supervisors and
	// registrars their jurisdictions', owners their vessels'. Supervisors
	// review, resolve conflicts and decide quarantined work.
	"syncPush":         grant{all, none, jur, jur, none},
	"listInspections":  grant{all, jur, jur, jur, own},
	"getInspection":    grant{all, jur, jur, jur, own},
	"reviewInspection": grant{all, none, jur, none, none},
	"listConflicts":    grant{all, none, jur, jur, none},
	"resolveConflict":  grant{all, none, jur, none, none},
	"listQuarantine":   grant{all, none, jur, none, none},
	"decideQuarantine": grant{all, none, jur, none, none},

	// Decisions on what field work may not change by itself (docs/SYNC.md
	// §4): registrars accept or reject observations of
	// registry particulars (the registrar records an alteration, docs/LAW.md
	// §2.1, Karnataka 2025 r.22); supervisors accept or reject amendment
	// requests of their jurisdictions' inspections. Inspectors list their
	// own observations and their own inspections' requests.
	"listVesselObservations":  grant{all, jur, jur, jur, none},
	"decideVesselObservation": writeRegistry,
	"listAmendmentRequests":   grant{all, jur, jur, jur, none},
	"decideAmendmentRequest":  grant{all, none, jur, none, none},

	// Detention and release orders (Karnataka 2025, Sch-IX):
	// supervisors of the office propose-check, confirm and release; staff
	// of the office read (inspectors also the orders of their own
	// inspections); owners read their vessels' orders; registrars read.
	"getDetentionProposal":  grant{all, jur, jur, jur, none},
	"confirmDetention":      grant{all, none, jur, none, none},
	"listDetentionOrders":   grant{all, jur, jur, jur, own},
	"getDetentionOrder":     grant{all, jur, jur, jur, own},
	"getDetentionOrderPdf":  grant{all, jur, jur, jur, own},
	"getDetentionOrderHtml": grant{all, jur, jur, jur, own},
	"releaseDetentionOrder": grant{all, none, jur, none, none},

	// The backlog review (docs/SYNC.md §2): deferred mutations waiting
	// for a supervisor of the inspection's jurisdiction to decide.
	"listSyncBacklog":   grant{all, none, jur, none, none},
	"decideSyncBacklog": grant{all, none, jur, none, none},

	// The review queue and owner rectification (docs/REVIEW.md):
	// supervisors work their jurisdictions' queue and decide owners'
	// rectifications; owners record photos of and rectify their own
	// vessels' open findings (and then upload those photos by the photo
	// path, which only the photo's own uploader may use); inspectors and
	// registrars read their jurisdictions' rectifications.
	"listReviews":         grant{all, none, jur, none, none},
	"attachFindingPhoto":  grant{all, none, none, none, own},
	"submitRectification": grant{all, none, none, none, own},
	"listRectifications":  grant{all, jur, jur, jur, own},
	"decideRectification": grant{all, none, jur, none, none},
	// Penalty notices (docs/PENALTIES.md): officials read their
	// jurisdictions' notices, owners their own; registrars record payments
	// (the Registrar of Boats revises and collects fines, Karnataka 2025
	// r.131(2), Sch-IV para 1); owners appeal against their own penalties;
	// supervisors reach appeals in their jurisdictions, and the domain lets
	// only the appellate authority the law names decide (Karnataka: the
	// Secretary, Sch-XVI para 2 — an admin; Paradip: the Conservator, r.27).
	"listPenaltyNotices":   grant{all, jur, jur, jur, own},
	"getPenaltyNotice":     grant{all, jur, jur, jur, own},
	"getPenaltyNoticeHtml": grant{all, jur, jur, jur, own},
	"getPenaltyNoticePdf":  grant{all, jur, jur, jur, own},
	"recordPenaltyPayment": grant{all, jur, none, none, none},
	"filePenaltyAppeal":    grant{all, none, none, none, own},
	"decidePenaltyAppeal":  grant{all, none, jur, none, none},
	// A served challan rises only by an officer's act: supervisors of the
	// penalty's jurisdiction confirm or reject a proposed rise.
	"decidePenaltyRise": grant{all, none, jur, none, none},

	// Users and assignments (docs/USERS.md): admins only. Completing a
	// password link (completePasswordReset) is public: the token is the
	// credential.
	"listUsers":            adminOnly,
	"createUser":           adminOnly,
	"getUser":              adminOnly,
	"updateUser":           adminOnly,
	"deactivateUser":       adminOnly,
	"reactivateUser":       adminOnly,
	"listUserAssignments":  adminOnly,
	"createUserAssignment": adminOnly,
	"endUserAssignment":    adminOnly,
	"requestPasswordReset": adminOnly,
	"inviteOwner":          adminOnly,
	// The inspection plan (docs/PLAN.md): the officials of an office rank
	// its vessels; owners have no plan.
	"listInspectionPlan": grant{all, jur, jur, jur, none},
	// The office's charts: the office (supervisors and registrars of its
	// jurisdictions, admins of every office); inspectors and owners none.
	"getReportChart": grant{all, jur, jur, none, none},

	// The owners' side (docs/OWNERS.md): registrars of the
	// owner's office and admins resend a one-time sign-in; whoever may read
	// a notice gets its UPI payment request; registrars (who collect fines,
	// Karnataka 2025 r.131(2)) import the bank statement of their offices
	// and work its queue; owners keep their own settings.
	"resendOwnerSignIn":     writeRegistry,
	"getPenaltyNoticeUpi":   grant{all, jur, jur, jur, own},
	"getPenaltyNoticeUpiQr": grant{all, jur, jur, jur, own},
	"importBankStatement":   grant{all, jur, none, none, none},
	"listBankCredits":       grant{all, jur, none, none, none},
	"resolveBankCredit":     grant{all, jur, none, none, none},
	"getOwnerSettings":      grant{none, none, none, none, own},
	"updateOwnerSettings":   grant{none, none, none, none, own},
}

// AccessFor is how far role reaches for the operation, and whether the
// operation is in the table at all (every operation that needs a signed-in
// caller must be).
func AccessFor(operationID string, role models.Role) (models.Access, bool) {
	g, ok := authz[operationID]
	return g.of(role), ok
}
