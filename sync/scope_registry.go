package sync

// The registry's entity types, with the visibility rules of package
// registry's REST reads (registry/*.go: jurisdictionScope, crewOfOwner,
// certificateScope) written as SQL on the row: staff see their
// jurisdictions, owners their own vessels with what hangs off them (crew
// through live placements on their vessels), and jurisdictions are
// reference data for everyone. api's sync tests check that each role's
// pull matches its REST lists.

// crewOfOwnerSQL is registry's crewOfOwner with the crew member's id taken
// from column col: the crew who serve, or served, on the owner's vessels.
func crewOfOwnerSQL(col, owner string) string {
	return "EXISTS (SELECT 1 FROM vessel_crew vc WHERE vc.crew_member_id = " + col +
		" AND vc.owner_id = " + owner + " AND vc.deleted_at IS NULL)"
}

// RegistryReaders are the readers of the six registry entity types, in the
// order a snapshot sends them (parents first, though clients must not rely
// on it).
func RegistryReaders() []EntityReader {
	byJurisdiction := "t.jurisdiction_id = @key"
	return []EntityReader{
		TableReader{Name: "jurisdiction", Table: "jurisdictions", ReadOperation: "getJurisdiction",
			Keys: map[string]string{"ref": "true"}},
		TableReader{Name: "owner", Table: "owners", ReadOperation: "getOwner", JurisdictionColumn: "jurisdiction_id",
			Own:  "t.id = @owner",
			Keys: map[string]string{"j": byJurisdiction, "o": "t.id = @key"}},
		TableReader{Name: "vessel", Table: "vessels", ReadOperation: "getVessel", JurisdictionColumn: "jurisdiction_id",
			Own:  "t.owner_id = @owner",
			Keys: map[string]string{"j": byJurisdiction, "o": "t.owner_id = @key"}},
		TableReader{
			Name:               "crew_member",
			Table:              "crew_members",
			ReadOperation:      "getCrewMember",
			JurisdictionColumn: "jurisdiction_id",
			Own:                crewOfOwnerSQL("t.id", "@owner"),
			Keys:               map[string]string{"j": byJurisdiction, "o": crewOfOwnerSQL("t.id", "@key")},
		},
		TableReader{
			Name:               "vessel_crew",
			Table:              "vessel_crew",
			ReadOperation:      "listVesselCrew",
			JurisdictionColumn: "jurisdiction_id",
			Own:                "t.owner_id = @owner",
			Keys:               map[string]string{"j": byJurisdiction, "o": "t.owner_id = @key"},
		},
		TableReader{
			Name:               "certificate",
			Table:              "certificates",
			ReadOperation:      "getCertificate",
			JurisdictionColumn: "jurisdiction_id",
			Own:                "(t.owner_id = @owner OR " + crewOfOwnerSQL("t.crew_member_id", "@owner") + ")",
			Keys: map[string]string{
				"j": byJurisdiction,
				"o": "(t.owner_id = @key OR " + crewOfOwnerSQL("t.crew_member_id", "@key") + ")",
			},
		},
	}
}
