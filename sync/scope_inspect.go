package sync

// The inspection aggregate's entity types (package inspect logs them under
// the inspection's jurisdiction, owner and inspector keys), with the
// visibility of inspect.ScopeQuery: inspectors see their own inspections
// and what hangs off them, supervisors and registrars their jurisdictions',
// owners their vessels'. Inspectors also receive the open findings of their
// jurisdictions (docs/SYNC.md §6.6).

// inspectionReader is a reader of a table carrying the inspection scope
// columns (jurisdiction_id, owner_id, inspector_id).
func inspectionReader(name, table, readOp, inspector string) TableReader {
	return TableReader{Name: name, Table: table, ReadOperation: readOp, JurisdictionColumn: "jurisdiction_id",
		Inspector: inspector, Own: "t.owner_id = @owner",
		Keys: map[string]string{"j": "t.jurisdiction_id = @key", "o": "t.owner_id = @key", "u": "t.inspector_id = @key"}}
}

// InspectReaders are the readers of the inspection aggregate's types.
func InspectReaders() []EntityReader {
	own := "t.inspector_id = @user"
	readers := []EntityReader{
		TableReader{Name: "checklist_template", Table: "checklist_templates", ReadOperation: "getRulesCatalogue",
			Keys: map[string]string{"ref": "true"}},
		inspectionReader("inspection", "inspections", "getInspection", own),
		inspectionReader("inspection_answer", "inspection_answers", "getInspection", own),
		inspectionReader("finding", "findings", "getInspection", "(t.inspector_id = @user OR NOT t.rectified)"),
		inspectionReader("photo", "photos", "getPhoto", own),
		inspectionReader("offence", "offences", "getInspection", own),
		inspectionReader("penalty", "penalties", "getInspection", own),
		inspectionReader("penalty_adjustment", "penalty_adjustments", "getInspection", own),
		inspectionReader("review", "reviews", "getInspection", own),
		inspectionReader("amendment_request", "amendment_requests", "getInspection", own),
		inspectionReader("conflict", "conflicts", "listConflicts", own),
		inspectionReader("detention_order", "detention_orders", "getDetentionOrder", own),
	}
	observation := inspectionReader("vessel_observation", "vessel_observations", "getInspection", "t.observer_id = @user")
	observation.Keys = map[string]string{"j": "t.jurisdiction_id = @key", "u": "t.observer_id = @key"}
	return append(readers, observation)
}
