package inspect

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"

	"github.com/tindal/tindal/models"
)

// Aggregate kinds a command works on.
const (
	AggregateInspection = "inspection"
	AggregateVessel     = "vessel"
)

// Args are the decoded, validated arguments of one command.
type Args interface {
	// Aggregate is the id of the aggregate root the command works on.
	Aggregate() uuid.UUID
	run(ctx context.Context, w *Work, m Meta) (Outcome, error)
}

// Command describes one versioned mutation name (docs/SYNC.md §2).
type Command struct {
	Name    string
	Version int
	// Kind is the aggregate kind; Creates marks the command that creates it
	// (the others are deferred while it is unknown).
	Kind    string
	Creates bool
	decode  func(json.RawMessage) (Args, error)
}

// Deferrable reports whether the command's rows may be written at the end
// of a batched unit of work (Work.DeferWrites): answers, new findings and
// photo records, which send no statement of their own there, so take no
// savepoint.
func (c Command) Deferrable() bool {
	return c.Name == "inspection.answer" || c.Name == "finding.record" || c.Name == "photo.attach"
}

// Decode validates raw arguments against the command's version.
func (c Command) Decode(raw json.RawMessage) (Args, error) { return c.decode(raw) }

// commands lists every mutation name and version the server applies.
var commands = []Command{
	{"inspection.start", 1, AggregateInspection, true, decodeAs[StartArgs]},
	{"inspection.start", 2, AggregateInspection, true, decodeAs[StartArgsV2]},
	{"inspection.edit", 1, AggregateInspection, false, decodeAs[EditArgs]},
	{"inspection.answer", 1, AggregateInspection, false, decodeAs[AnswerArgs]},
	{"inspection.answer", 2, AggregateInspection, false, decodeAs[AnswerArgsV2]},
	{"inspection.answer", 3, AggregateInspection, false, decodeAs[AnswerArgsV3]},
	{"inspection.submit", 1, AggregateInspection, false, decodeAs[SubmitArgs]},
	{"inspection.discard", 1, AggregateInspection, false, decodeAs[DiscardArgs]},
	{"finding.record", 1, AggregateInspection, false, decodeAs[RecordFindingArgs]},
	{"finding.update", 1, AggregateInspection, false, decodeAs[UpdateFindingArgs]},
	{"finding.rectify", 1, AggregateInspection, false, decodeAs[RectifyArgs]},
	{"finding.discard", 1, AggregateInspection, false, decodeAs[DiscardFindingArgs]},
	{"photo.attach", 1, AggregateInspection, false, decodeAs[AttachPhotoArgs]},
	{"vessel.observe", 1, AggregateVessel, false, decodeAs[ObserveArgs]},
}

// LookupCommand returns the command of a mutation name and version; ok is
// false for one this server does not know (the sync engine answers retry).
func LookupCommand(name string, version int) (Command, bool) {
	for _, c := range commands {
		if c.Name == name && c.Version == version {
			return c, true
		}
	}
	return Command{}, false
}

// Commands lists the known mutation names and versions.
func Commands() []Command { return append([]Command(nil), commands...) }

// validator is implemented by args that check themselves after decoding.
type validator interface{ validate() error }

// decodeAs decodes strictly (unknown fields refused) into a new T.
func decodeAs[T any, P interface {
	*T
	Args
}](raw json.RawMessage) (Args, error) {
	v := P(new(T))
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return nil, models.Invalid(models.FieldError{Field: "args", Code: "invalid", Message: argsMessage(err)})
	}
	if val, ok := any(v).(validator); ok {
		if err := val.validate(); err != nil {
			return nil, err
		}
	}
	return v, nil
}

func argsMessage(err error) string {
	return fmt.Sprintf("the arguments do not match this mutation: %v", err)
}

// Run applies one command within the work. The caller owns the savepoint
// around it: on error it rolls back and calls w.Rollback.
func (w *Work) Run(ctx context.Context, m Meta, args Args) (Outcome, error) {
	m.At = truncate(m.At)
	if w.needsSettle(args) {
		if err := w.settle(ctx); err != nil {
			return Outcome{}, err
		}
	}
	out, err := args.run(ctx, w, m)
	if v, ok := w.vers[args.Aggregate()]; ok && err == nil {
		out.Aggregate = RowRef{EntityInspection, args.Aggregate(), v}
	}
	return out, err
}

func required(id uuid.UUID, field string) error {
	if id == uuid.Nil {
		return models.InvalidField(field, "required", "is required")
	}
	return nil
}
