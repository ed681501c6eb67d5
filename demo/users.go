package demo

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/google/uuid"

	"github.com/tindal/tindal/auth"
	"github.com/tindal/tindal/models"
)

// account is a line of the printed list of demo accounts.
type account struct {
	Email, Role, Scope string
}

// seedUsers creates or refreshes the officials' and owners' accounts, all
// with one hash of the demo password (auth.Service.UpsertUsers).
func (s *seeder) seedUsers(ctx context.Context, users *auth.Service, password string) ([]account, error) {
	var out []account
	var ns []auth.NewUser
	for _, st := range staff {
		ns = append(ns, auth.NewUser{Email: st.Email, Name: st.Name, Role: st.Role, Password: password,
			Jurisdictions: s.jurisdictionsOf(st.Jur), PreferredLanguage: st.Lang,
			// A year back, so a phone can push work captured before today
			// (at any hour: a start captured at 23:00 is yesterday in India).
			AssignedFrom: s.day(-365)})
		scope := strings.Join(st.Jur, ", ")
		if st.Role == models.RoleAdmin {
			scope = "all jurisdictions"
		}
		out = append(out, account{st.Email, string(st.Role), scope})
	}
	for _, o := range owners {
		id := ownerID(o.N)
		ns = append(ns, auth.NewUser{Email: ownerEmail(o.N), Name: o.Name, Role: models.RoleOwner, Password: password,
			OwnerID: &id, PreferredLanguage: o.Lang})
		out = append(out, account{ownerEmail(o.N), string(models.RoleOwner), o.Name})
	}
	if _, err := users.UpsertUsers(ctx, actor, ns); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *seeder) jurisdictionsOf(codes []string) []uuid.UUID {
	ids := make([]uuid.UUID, len(codes))
	for i, c := range codes {
		ids[i] = s.jur[c]
	}
	return ids
}

// demoEmails lists every demo account's email.
func demoEmails() []string {
	out := make([]string, 0, len(staff)+len(owners))
	for _, st := range staff {
		out = append(out, st.Email)
	}
	for _, o := range owners {
		out = append(out, ownerEmail(o.N))
	}
	return out
}

// printAccounts writes the demo accounts and their shared password.
func printAccounts(out io.Writer, accounts []account, password string) error {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(w, "Demo accounts (password %q):\n", password)
	for _, a := range accounts {
		fmt.Fprintf(w, "  %s\t%s\t%s\n", a.Email, a.Role, a.Scope)
	}
	if err := w.Flush(); err != nil {
		return fmt.Errorf("print demo accounts: %w", err)
	}
	return nil
}
