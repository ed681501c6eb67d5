package console

import (
	"fmt"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/tindal/tindal/detention"
	"github.com/tindal/tindal/inspect"
	"github.com/tindal/tindal/models"
	"github.com/tindal/tindal/photo"
	"github.com/tindal/tindal/rules"
	"github.com/tindal/tindal/web"
)

// inspectionPage is the reviewer's view of one inspection (GET
// /v1/inspections/{id}, getInspection): each finding with its own photos,
// the photos attached to no finding apart,
// the penalties with the rules that set them, the detention proposal,
// conflicts, amendment requests, rectifications and the history.
type inspectionPage struct {
	V      inspect.ReviewerView
	Vessel models.Vessel
	// Photos is how many photos the inspection has; Loose are those
	// attached to no finding the page shows (each finding shows its own).
	Photos       int
	Loose        []photoRow
	Findings     []findingRow
	PenaltySteps []rules.Step
	Proposal     *detention.DetentionProposal
	Conflicts    []models.Conflict
	// CanReview: the inspection waits for a decision this person may take.
	CanReview bool
	// CanResolve, CanAmend: this person may resolve conflicts and decide
	// amendment requests (resolveConflict, decideAmendmentRequest).
	CanResolve, CanAmend bool
}

// findingRow is a finding with what the law says of it: its title, legal
// references, whether it is overdue, how it may close, and its photos.
type findingRow struct {
	models.Finding
	Title     string
	LegalRefs []string
	Overdue   bool
	Closure   rules.ClosureRule
	Photos    []photoRow
}

// photoRow is a photo with its distance and time offset from the
// inspection as a person reads them ("350 m", "2 h 5 min"), and the place
// its EXIF records ("14.80561, 74.12970").
type photoRow struct {
	photo.View
	Distance, Offset, Place string
}

func photoRowOf(v photo.View) photoRow {
	r := photoRow{View: v}
	if v.ExifLat != nil && v.ExifLon != nil {
		r.Place = fmt.Sprintf("%.5f, %.5f", *v.ExifLat, *v.ExifLon)
	}
	if v.DistanceM != nil {
		if *v.DistanceM >= 1000 {
			r.Distance = fmt.Sprintf("%.1f km", *v.DistanceM/1000)
		} else {
			r.Distance = fmt.Sprintf("%.0f m", *v.DistanceM)
		}
	}
	if v.TimeOffsetS != nil {
		d := time.Duration(*v.TimeOffsetS) * time.Second
		if d < 0 {
			d = -d
		}
		r.Offset = fmt.Sprintf("%d h %d min", int(d.Hours()), int(d.Minutes())%60)
	}
	return r
}

// inspectionShow shows one inspection.
func (c *Console) inspectionShow(ctx *fiber.Ctx) error {
	id, err := idParam(ctx, "inspection")
	if err != nil {
		return err
	}
	p, err := c.inspectionPage(ctx, id)
	if err != nil {
		return err
	}
	return c.t.Render(ctx, "inspection_show", p)
}

// inspectionPage reads everything the inspection page shows, through the
// services and scopes of the API operations that read it.
func (c *Console) inspectionPage(ctx *fiber.Ctx, id uuid.UUID) (*inspectionPage, error) {
	sc, err := web.Scope(ctx, "getInspection")
	if err != nil {
		return nil, err
	}
	uctx := ctx.UserContext()
	v, err := c.d.Inspect.Reviewer(uctx, sc, id)
	if err != nil {
		return nil, err
	}
	p := &inspectionPage{V: v}
	photos, err := c.d.Photos.ForInspection(uctx, sc, id)
	if err != nil {
		return nil, err
	}
	p.Photos = len(photos)
	if vsc, err := web.Scope(ctx, "getVessel"); err == nil {
		if vs, err := c.d.Registry.VesselsByID(uctx, vsc, []uuid.UUID{v.Inspection.VesselID}); err == nil {
			p.Vessel = vs[v.Inspection.VesselID]
		}
	}
	p.Findings, p.Loose, p.PenaltySteps = findingRows(v, photos)
	p.Conflicts = v.Conflicts
	if err := c.proposalOf(ctx, p); err != nil {
		return nil, err
	}
	_, rerr := web.Scope(ctx, "reviewInspection")
	p.CanReview = rerr == nil && v.Inspection.Status == models.StatusSubmitted
	_, cerr := web.Scope(ctx, "resolveConflict")
	_, aerr := web.Scope(ctx, "decideAmendmentRequest")
	p.CanResolve, p.CanAmend = cerr == nil, aerr == nil
	return p, nil
}

// proposalOf adds the detention proposal when the rules propose one and
// the person may read it.
func (c *Console) proposalOf(ctx *fiber.Ctx, p *inspectionPage) error {
	if !p.V.Summary.Detention.Proposed {
		return nil
	}
	sc, err := web.Scope(ctx, "getDetentionProposal")
	if err != nil {
		return nil //nolint:nilerr // a role that may not read the proposal sees the inspection without it
	}
	pr, err := c.d.Orders.Proposal(ctx.UserContext(), sc, p.V.Inspection.ID)
	if err != nil {
		return err
	}
	p.Proposal = &pr
	return nil
}

// findingRows joins each finding with the rules' reading of it (from the
// stored outcome) and its photos; the photos of no finding shown (none, or
// a deleted one) come apart, and the penalty steps of the reading with
// them.
func findingRows(v inspect.ReviewerView, photos []photo.View) ([]findingRow, []photoRow, []rules.Step) {
	d := inspect.DerivedOf(&v.Inspection)
	byCode := map[string]rules.Deficiency{}
	for _, x := range d.Deficiencies {
		byCode[string(x.Code)] = x
	}
	shown := map[uuid.UUID]bool{}
	for _, f := range v.Findings {
		shown[f.ID] = !f.DeletedAt.Valid
	}
	byFinding := map[uuid.UUID][]photoRow{}
	var loose []photoRow
	for _, ph := range photos {
		if ph.FindingID != nil && shown[*ph.FindingID] {
			byFinding[*ph.FindingID] = append(byFinding[*ph.FindingID], photoRowOf(ph))
		} else {
			loose = append(loose, photoRowOf(ph))
		}
	}
	rows := make([]findingRow, 0, len(v.Findings))
	for _, f := range v.Findings {
		if f.DeletedAt.Valid {
			continue
		}
		x := byCode[f.Code]
		r := findingRow{Finding: f, Title: x.Title, Overdue: v.Overdue(f), Closure: v.Closure[f.ID],
			Photos: byFinding[f.ID]}
		for _, ref := range x.LegalRefs {
			r.LegalRefs = append(r.LegalRefs, string(ref))
		}
		rows = append(rows, r)
	}
	var steps []rules.Step
	for _, st := range d.Trace.Steps {
		if strings.HasPrefix(st.Rule, "penalty") || strings.HasPrefix(st.Rule, "offence") {
			steps = append(steps, st)
		}
	}
	return rows, loose, steps
}
