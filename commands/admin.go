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
			created, err := CreateAdmin(app, args[0], args[1], first, last)
			if err != nil {
				return err
			}
			if created {
				fmt.Fprintf(cmd.OutOrStdout(), "Created admin %s\n", field.NormalizeEmail(args[0]))
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "Promoted %s to admin (password unchanged)\n", field.NormalizeEmail(args[0]))
			}
			return nil
		},
	}
	create.Flags().StringVar(&first, "first", "", "first name")
	create.Flags().StringVar(&last, "last", "", "last name")
	cmd.AddCommand(create)
	return cmd
}

// CreateAdmin creates a shop user with the Admin role (and Customer, so the
// admin can shop too), or adds the Admin role to an existing user, whose
// password is then left as it is. created tells which happened.
func CreateAdmin(app core.App, email, password, first, last string) (created bool, err error) {
	email = field.NormalizeEmail(email)
	if err := field.EmailRule.Validate(email); err != nil {
		return false, fmt.Errorf("bad email %q: %w", email, err)
	}
	if err := field.PasswordRule.Validate(password); err != nil {
		return false, fmt.Errorf("weak password: %w", err)
	}
	users, err := app.FindCollectionByNameOrId(account.UsersCollection)
	if err != nil {
		return false, err
	}

	user, err := app.FindAuthRecordByEmail(users, email)
	if err != nil {
		user = core.NewRecord(users)
		user.SetEmail(email)
		user.SetPassword(password)
		user.SetVerified(true)
		user.Set("roles", []string{account.RoleAdmin, account.RoleCustomer})
		created = true
	} else {
		var roles []string
		if err := user.UnmarshalJSONField("roles", &roles); err != nil {
			roles = nil
		}
		if !slices.Contains(roles, account.RoleAdmin) {
			roles = append(roles, account.RoleAdmin)
		}
		user.Set("roles", roles)
	}
	if s := strings.TrimSpace(first); s != "" {
		user.Set("firstName", s)
	}
	if s := strings.TrimSpace(last); s != "" {
		user.Set("lastName", s)
	}
	if err := app.Save(user); err != nil {
		return false, errors.Join(errors.New("could not save the admin"), err)
	}
	return created, nil
}
