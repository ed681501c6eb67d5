// Package public serves what anyone may read about a vessel without
// signing in: the status a passenger checks at the jetty by scanning the
// QR code painted on the boat (docs/PUBLIC.md). It holds no personal data
// by construction: VesselStatus has no field that could carry a name, an
// address, a phone number, an email or an internal id.
package public

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/registry"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/storage"
)

// Certificate validity states on the public page.
const (
	Valid    = "valid"
	Expiring = "expiring" // within rules.ExpiringWithinDays of its end
	Expired  = "expired"  // ended, or withdrawn (suspended, cancelled, surrendered)
	None     = "none"     // the registry holds no such certificate
)

// VesselStatus is everything the public page shows. Adding a field here
// adds it to the page: TestPublicStatusServesOnlyItsFields lists them all.
type VesselStatus struct {
	RegistrationNumber string `json:"registration_number"`
	// Name is the vessel's name, painted on its hull beside the number, so
	// that a passenger can tell they scanned the boat in front of them.
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Office string `json:"office"` // the port or district office that registered it
	// Status is the registry's status of the vessel (active, detained,
	// suspended, cancelled); Detained says whether it is detained.
	Status   string `json:"status"`
	Detained bool   `json:"detained"`
	// FitToPly is the registry's compliance judgement on CheckedOn
	// (registry.Compliance); NotFitBecause its reasons, as codes and titles.
	FitToPly            bool       `json:"fit_to_ply"`
	NotFitBecause       []Reason   `json:"not_fit_because"`
	Registration        Validity   `json:"registration"`
	Survey              Validity   `json:"survey"`
	PassengersCertified *int       `json:"passengers_certified"`
	Zone                *int       `json:"zone"`
	Crew                CrewCounts `json:"crew"`
	// LastInspectedOn is the date of the vessel's last inspection that a
	// supervisor approved; work still in review is not shown.
	LastInspectedOn *string `json:"last_inspected_on"`
	// CheckedOn is the date (Asia/Kolkata) the status was judged on;
	// UpdatedAt when the registry's data about the vessel last changed.
	CheckedOn string    `json:"checked_on"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Reason is why the vessel may not ply: a deficiency code or
// "vessel_status", and its title in English.
type Reason struct {
	Code  string `json:"code"`
	Title string `json:"title"`
}

// Validity is a certificate's state and its last valid day, if it ends.
type Validity struct {
	Status     string  `json:"status"`
	ValidUntil *string `json:"valid_until"`
}

// CrewCounts counts the crew posts signed on by the validity of the best
// certificate of competency (or GP rating) of the person in each: no names.
type CrewCounts struct {
	Posts    int `json:"posts"`
	Valid    int `json:"valid"`
	Expiring int `json:"expiring"`
	Expired  int `json:"expired"`
	Missing  int `json:"missing"`
}

// ErrNotFound is the error for a registration number the registry does not
// hold (or holds only as deleted).
var ErrNotFound = models.Errorf(
	models.KindNotFound,
	"not_found",
	"no vessel with this registration number is registered",
)

// Service reads the public status of vessels.
type Service struct {
	db  *storage.DB
	reg *registry.Service
}

// New builds the service on the registry.
func New(db *storage.DB, reg *registry.Service) *Service { return &Service{db: db, reg: reg} }

// everything reads the registry for the public page: what the page shows
// is chosen by VesselStatus, not by a caller's scope.
var everything = models.Scope{Access: models.AccessAll}

// Status reads the public status of the vessel registered under
// registration, judged on date on. ErrNotFound for an unknown number.
func (s *Service) Status(ctx context.Context, registration string, on rules.Date) (VesselStatus, error) {
	var v models.Vessel
	err := s.db.Gorm.WithContext(ctx).Where("registration_number = ?", registration).Take(&v).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return VesselStatus{}, ErrNotFound
	}
	if err != nil {
		return VesselStatus{}, fmt.Errorf("find vessel %q: %w", registration, err)
	}
	c, err := s.reg.Compliance(ctx, everything, v.ID, on)
	if err != nil {
		return VesselStatus{}, err
	}
	out := statusOf(c)
	if out.Office, err = s.office(ctx, v.JurisdictionID); err != nil {
		return VesselStatus{}, err
	}
	if out.LastInspectedOn, err = s.lastInspected(ctx, v.ID); err != nil {
		return VesselStatus{}, err
	}
	if out.UpdatedAt, err = s.updatedAt(ctx, v.ID); err != nil {
		return VesselStatus{}, err
	}
	return out, nil
}

// statusOf is the public reading of the compliance view.
func statusOf(c registry.Compliance) VesselStatus {
	v := c.Vessel
	out := VesselStatus{RegistrationNumber: v.RegistrationNumber, Name: v.Name, Kind: v.Kind, Status: v.Status,
		Detained: v.Status == "detained", FitToPly: c.FitToPly, NotFitBecause: []Reason{},
		PassengersCertified: v.Passengers, Zone: v.Zone, CheckedOn: c.On.String()}
	for _, r := range c.Reasons {
		out.NotFitBecause = append(out.NotFitBecause, reasonOf(r))
	}
	out.Registration = best(c.Certificates, "registration")
	out.Survey = best(c.Certificates, "survey", "provisional_survey", "licence")
	for _, p := range c.Crew {
		out.Crew.Posts++
		switch best(p.Certificates, "competency", "gp_rating").Status {
		case Valid:
			out.Crew.Valid++
		case Expiring:
			out.Crew.Expiring++
		case Expired:
			out.Crew.Expired++
		default:
			out.Crew.Missing++
		}
	}
	return out
}

// reasonOf keeps a reason's code and the catalogue's title: the
// compliance view's message may carry details of the facts (a crew
// member's post and certificate), which the public page does not show.
func reasonOf(r registry.Reason) Reason {
	if r.Code == "vessel_status" {
		return Reason{Code: r.Code, Title: "the vessel's registry status is not active"}
	}
	out := Reason{Code: r.Code}
	if e, ok := rules.Lookup(rules.Code(r.Code)); ok {
		out.Title = e.Title["en"]
	}
	return out
}

// rank orders validity states, best first.
var rank = map[string]int{Valid: 0, Expiring: 1, Expired: 2, None: 3}

// best is the best state among the certificates of the given kinds: a
// vessel renewing its survey holds the new certificate and the old one.
func best(certs []registry.CertificateState, kinds ...string) Validity {
	out := Validity{Status: None}
	var until rules.Date
	for _, st := range certs {
		if !contains(kinds, st.Certificate.Kind) {
			continue
		}
		v := validityOf(st)
		if rank[v] < rank[out.Status] || (rank[v] == rank[out.Status] && st.ExpiresOn.After(until)) {
			out.Status, until = v, st.ExpiresOn
		}
	}
	if !until.IsZero() && out.Status != None {
		s := until.String()
		out.ValidUntil = &s
	}
	return out
}

// validityOf maps the law's certificate states to the page's.
func validityOf(st registry.CertificateState) string {
	switch {
	case st.Status == string(rules.StatusExpiring):
		return Expiring
	case st.Status == string(rules.StatusExpired), st.Status == registry.StatusWithdrawn:
		return Expired
	}
	// valid, no_expiry (a Certificate of Registration), or undefined: held
	// and in force in the registry with no end date to read or derive (a
	// GP rating endorsed without one). The page shows no valid_until then.
	return Valid
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

func (s *Service) office(ctx context.Context, id uuid.UUID) (string, error) {
	var j models.Jurisdiction
	if err := s.db.Gorm.WithContext(ctx).Select("name").Where("id = ?", id).Take(&j).Error; err != nil {
		return "", fmt.Errorf("vessel office: %w", err)
	}
	return j.Name, nil
}

// lastInspected is the date in Asia/Kolkata of the vessel's last approved
// inspection, nil if none.
func (s *Service) lastInspected(ctx context.Context, vesselID uuid.UUID) (*string, error) {
	var at sql.NullTime
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT max(started_at) FROM inspections
		WHERE vessel_id = ? AND status = 'approved' AND deleted_at IS NULL`, vesselID).Row().Scan(&at)
	if err != nil {
		return nil, fmt.Errorf("last inspection: %w", err)
	}
	if !at.Valid {
		return nil, nil
	}
	d := rules.DateOf(at.Time).String()
	return &d, nil
}

// updatedAt is when anything the page reads about the vessel last changed:
// the vessel, its certificates, its crew posts, its crew's certificates,
// its inspections. Tombstones count: a deletion is a change.
func (s *Service) updatedAt(ctx context.Context, vesselID uuid.UUID) (time.Time, error) {
	var at sql.NullTime
	err := s.db.Gorm.WithContext(ctx).Raw(`SELECT greatest(
		(SELECT updated_at FROM vessels WHERE id = @v),
		(SELECT max(updated_at) FROM certificates WHERE vessel_id = @v),
		(SELECT max(updated_at) FROM vessel_crew WHERE vessel_id = @v),
		(SELECT max(c.updated_at) FROM certificates c JOIN vessel_crew vc ON vc.crew_member_id = c.crew_member_id
		WHERE vc.vessel_id = @v),
		(SELECT max(updated_at) FROM inspections WHERE vessel_id = @v))`, map[string]any{"v": vesselID}).Row().Scan(&at)
	if err != nil {
		return time.Time{}, fmt.Errorf("vessel data updated at: %w", err)
	}
	return at.Time.UTC().Truncate(time.Second), nil
}
