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

// seedUsers creates or refreshes the officials' and owners' accounts.
func (s *seeder) seedUsers(ctx context.Context, users *auth.Service, password string) ([]account, error) {
	var out []account
	for _, st := range staff {
		n := auth.NewUser{Email: st.Email, Name: st.Name, Role: st.Role, Password: password,
			Jurisdictions: s.jurisdictionsOf(st.Jur), PreferredLanguage: st.Lang,
			// A year back, so a phone can push work captured before today
			// (at any hour: a start captured at 23:00 is yesterday in India).
			AssignedFrom: s.day(-365)}
		if _, _, err := users.UpsertUser(ctx, actor, n); err != nil {
			return nil, fmt.Errorf("%s: %w", st.Email, err)
		}
		scope := strings.Join(st.Jur, ", ")
		if st.Role == models.RoleAdmin {
			scope = "all jurisdictions"
		}
		out = append(out, account{st.Email, string(st.Role), scope})
	}
	for _, o := range owners {
		id := ownerID(o.N)
		n := auth.NewUser{Email: ownerEmail(o.N), Name: o.Name, Role: models.RoleOwner, Password: password,
			OwnerID: &id, PreferredLanguage: o.Lang}
		if _, _, err := users.UpsertUser(ctx, actor, n); err != nil {
			return nil, fmt.Errorf("%s: %w", n.Email, err)
		}
		out = append(out, account{n.Email, string(models.RoleOwner), o.Name})
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
