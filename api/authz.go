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

	"listCertificates":  readRegistry,
	"getCertificate":    readRegistry,
	"createCertificate": writeRegistry,
	"updateCertificate": writeRegistry,
	"deleteCertificate": writeRegistry,
}
