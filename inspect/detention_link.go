package inspect

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// KindReinspection is the inspection kind that may lift a detention order
// (Karnataka 2025, Sch-IX Annex-1: "presented for re-inspection by a
// Surveyor"); it names the order in detention_order_id.
const KindReinspection = "re_inspection"

// validateReinspectionLink checks the shape of inspection.start's link:
// a re-inspection names its detention order, and only a re-inspection does.
func validateReinspectionLink(fe *models.FieldErrors, kind string, order *uuid.UUID) {
	switch {
	case kind == KindReinspection && (order == nil || *order == uuid.Nil):
		fe.Add("detention_order_id", "required", "a re-inspection names the detention order it is for")
	case kind != KindReinspection && order != nil:
		fe.Add("detention_order_id", "not_allowed", "only a re-inspection (kind re_inspection) names a detention order")
	}
}

// checkReinspection refuses a re-inspection of an order that does not
// exist, is of another vessel or was already released.
func (w *Work) checkReinspection(ctx context.Context, a *StartArgs, v models.Vessel) error {
	if a.DetentionOrderID == nil {
		return nil
	}
	var o struct {
		VesselID uuid.UUID
		Status   string
	}
	res := w.tx.DB.WithContext(ctx).
		Raw("SELECT vessel_id, status FROM detention_orders WHERE id = ? AND deleted_at IS NULL", *a.DetentionOrderID).
		Scan(&o)
	if res.Error != nil {
		return fmt.Errorf("find detention order: %w", res.Error)
	}
	switch {
	case res.RowsAffected == 0:
		return models.InvalidField("detention_order_id", "unknown_order", "no such detention order")
	case o.VesselID != v.ID:
		return models.InvalidField("detention_order_id", "other_vessel", "the detention order is of another vessel")
	case o.Status != models.OrderInForce:
		return models.InvalidField("detention_order_id", "released", "the detention order was already released")
	}
	return nil
}
