package commands

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"

	"stageshop/shop/account"
	"stageshop/shop/field"
)

func newAdminCommand(app *pocketbase.PocketBase) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "admin",
		Short: "Manage the shop's admins (users with the Admin role)",
	}
	var first, last string
	create := &cobra.Command{
		Use:          "create EMAIL PASSWORD",
		Short:        "Create a shop user with role Admin, or promote an existing one",
		Args:         cobra.ExactArgs(2),
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			done, err := CreateAdmin(app, args[0], args[1], first, last)
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), done.Message(field.NormalizeEmail(args[0])))
			return nil
		},
	}
	create.Flags().StringVar(&first, "first", "", "first name")
	create.Flags().StringVar(&last, "last", "", "last name")
	cmd.AddCommand(create)
	return cmd
}

// AdminDone is what CreateAdmin did.
type AdminDone int

const (
	AdminCreated  AdminDone = iota // a new user with the Admin role
	AdminPromoted                  // an existing user given the Admin role
	AdminKept                      // already an admin: nothing changed
)

// Message is the command's one line for it.
func (d AdminDone) Message(email string) string {
	switch d {
	case AdminCreated:
		return "Created admin " + email
	case AdminPromoted:
		return "Promoted " + email + " to admin (password unchanged)"
	default:
		return "Admin " + email + " already exists: kept as it is (password unchanged)"
	}
}

// CreateAdmin creates a shop user with the Admin role (and Customer, so the
// admin can shop too), or adds the Admin role to an existing user, whose
// password is then left as it is. An existing user's name is only filled
// where it is empty: every `make run` calls this with the demo name, and
// must not undo the owner's rename of the demo admin.
func CreateAdmin(app core.App, email, password, first, last string) (AdminDone, error) {
	email = field.NormalizeEmail(email)
	if err := field.EmailRule.Validate(email); err != nil {
		return 0, fmt.Errorf("bad email %q: %w", email, err)
	}
	if err := field.PasswordRule.Validate(password); err != nil {
		return 0, fmt.Errorf("weak password: %w", err)
	}
	users, err := app.FindCollectionByNameOrId(account.UsersCollection)
	if err != nil {
		return 0, err
	}

	done := AdminKept
	user, err := app.FindAuthRecordByEmail(users, email)
	if err != nil {
		user = core.NewRecord(users)
		user.SetEmail(email)
		user.SetPassword(password)
		user.SetVerified(true)
		user.Set("roles", []string{account.RoleAdmin, account.RoleCustomer})
		done = AdminCreated
	} else {
		var roles []string
		if err := user.UnmarshalJSONField("roles", &roles); err != nil {
			roles = nil
		}
		if !slices.Contains(roles, account.RoleAdmin) {
			user.Set("roles", append(roles, account.RoleAdmin))
			done = AdminPromoted
		}
	}
	changed := done != AdminKept
	for key, name := range map[string]string{"firstName": first, "lastName": last} {
		if s := strings.TrimSpace(name); s != "" && user.GetString(key) == "" {
			user.Set(key, s)
			changed = true
		}
	}
	if !changed {
		return done, nil
	}
	if err := app.Save(user); err != nil {
		return 0, errors.Join(errors.New("could not save the admin"), err)
	}
	return done, nil
}
