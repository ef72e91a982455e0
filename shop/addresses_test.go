package shop_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"stageshop/internal/testapp"
	"stageshop/shop/account"
)

func homeAddress(label string) account.AddressInput {
	return account.AddressInput{Label: label, FirstName: "Ada", LastName: "Lovelace", Address: "1 Stage St",
		City: "Springfield", State: "Illinois", ZipCode: "62701", Country: "United States", Phone: "+1 555 0100"}
}

// defaults lists the ids of the user's default addresses.
func defaults(t *testing.T, list []account.SavedAddress) []string {
	t.Helper()
	var ids []string
	for _, a := range list {
		if a.IsDefault {
			ids = append(ids, a.ID)
		}
	}
	return ids
}

// A book always has exactly one default once it has an address: the
// first one, then whichever was made the default last; deleting the
// default hands it to the oldest remaining address. Codes are stored.
func TestAddressBookKeepsOneDefault(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	home, err := account.CreateAddress(app, u.ID(), homeAddress("Home"))
	if err != nil {
		t.Fatal(err)
	}
	if !home.IsDefault || home.Country != "US" || home.State != "IL" {
		t.Fatalf("first address %+v: want the default, US/IL", home)
	}
	work, err := account.CreateAddress(app, u.ID(), homeAddress("Work"))
	if err != nil || work.IsDefault {
		t.Fatalf("second address %+v %v: want not the default", work, err)
	}
	venueIn := homeAddress("Venue")
	venueIn.Country, venueIn.State, venueIn.IsDefault = "Германия", "Berlin", true
	venue, err := account.CreateAddress(app, u.ID(), venueIn)
	if err != nil || !venue.IsDefault || venue.Country != "DE" {
		t.Fatalf("venue %+v %v", venue, err)
	}
	list, _ := account.ListAddresses(app, u.ID())
	if d := defaults(t, list); len(d) != 1 || d[0] != venue.ID || list[0].ID != venue.ID {
		t.Fatalf("defaults %v, list %+v: want the venue alone, first", d, list)
	}
	workIn := homeAddress("Work")
	workIn.IsDefault = true
	if _, err := account.UpdateAddress(app, u.ID(), work.ID, workIn); err != nil {
		t.Fatal(err)
	}
	// Unticking the default keeps it: another must be chosen instead.
	workIn.IsDefault, workIn.City = false, "Chicago"
	if a, err := account.UpdateAddress(app, u.ID(), work.ID, workIn); err != nil || !a.IsDefault || a.City != "Chicago" {
		t.Fatalf("update %+v %v", a, err)
	}
	if err := account.DeleteAddress(app, u.ID(), work.ID); err != nil {
		t.Fatal(err)
	}
	list, _ = account.ListAddresses(app, u.ID())
	if d := defaults(t, list); len(list) != 2 || len(d) != 1 || d[0] != home.ID {
		t.Fatalf("after deleting the default: %+v; want home as the default", list)
	}
	if d, err := account.DefaultAddress(app, u.ID()); err != nil || d == nil || d.ID != home.ID {
		t.Fatalf("DefaultAddress %+v %v", d, err)
	}
}

// Someone else's address is not found, for reading, changing and deleting,
// and stays as it was.
func TestAddressBookIsPrivate(t *testing.T) {
	app := testapp.New(t)
	owner, other := testapp.NewUser(t, app, false), testapp.NewUser(t, app, false)
	a, err := account.CreateAddress(app, owner.ID(), homeAddress("Home"))
	if err != nil {
		t.Fatal(err)
	}
	changed := homeAddress("Mine now")
	if _, err := account.UpdateAddress(app, other.ID(), a.ID, changed); !errors.Is(err, account.ErrAddressNotFound) {
		t.Errorf("update by another user: %v", err)
	}
	if err := account.DeleteAddress(app, other.ID(), a.ID); !errors.Is(err, account.ErrAddressNotFound) {
		t.Errorf("delete by another user: %v", err)
	}
	if err := account.DeleteAddress(app, owner.ID(), "nosuchaddress12"); !errors.Is(err, account.ErrAddressNotFound) {
		t.Errorf("unknown id: %v", err)
	}
	if list, _ := account.ListAddresses(app, other.ID()); len(list) != 0 {
		t.Errorf("the other user sees %+v", list)
	}
	if list, _ := account.ListAddresses(app, owner.ID()); len(list) != 1 || list[0].Label != "Home" {
		t.Errorf("the owner's book %+v", list)
	}
}

// A book holds at most 20 addresses; the 21st changes nothing.
func TestAddressBookLimit(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	for i := 0; i < account.MaxSavedAddresses; i++ {
		if _, err := account.CreateAddress(app, u.ID(), homeAddress(fmt.Sprint("Address ", i))); err != nil {
			t.Fatalf("address %d: %v", i, err)
		}
	}
	if _, err := account.CreateAddress(app, u.ID(), homeAddress("One too many")); !errors.Is(err, account.ErrAddressBookFull) {
		t.Fatalf("21st address: %v", err)
	}
	if n := testapp.Count(t, app, account.AddressesCollection); n != account.MaxSavedAddresses {
		t.Fatalf("%d addresses stored", n)
	}
}

// Every field an order's address needs is required; the country must be
// known and a US state from the list; the phone and label are optional.
func TestAddressValidation(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	for _, c := range []struct {
		edit func(*account.AddressInput)
		keys []string
	}{
		{func(in *account.AddressInput) { in.FirstName, in.City = " ", "" }, []string{"firstName", "city"}},
		{func(in *account.AddressInput) { in.Country = "Atlantis" }, []string{"country"}},
		{func(in *account.AddressInput) { in.Country = "" }, []string{"country"}},
		{func(in *account.AddressInput) { in.State = "Ontario" }, []string{"state"}},
		{func(in *account.AddressInput) { in.ZipCode = strings.Repeat("9", 201) }, []string{"zipCode"}},
		{func(in *account.AddressInput) { in.Label = fmt.Sprintf("%0101d", 0) }, []string{"label"}},
	} {
		in := homeAddress("Home")
		c.edit(&in)
		_, err := account.CreateAddress(app, u.ID(), in)
		var fields validation.Errors
		if !errors.As(err, &fields) || len(fields) != len(c.keys) {
			t.Errorf("%v: %v", c.keys, err)
			continue
		}
		for _, k := range c.keys {
			if fieldText(fields, k) == "" {
				t.Errorf("no error for %s: %v", k, fields)
			}
		}
	}
	if n := testapp.Count(t, app, account.AddressesCollection); n != 0 {
		t.Fatalf("%d invalid addresses stored", n)
	}
	ok := homeAddress("")
	ok.Phone, ok.Country, ok.State = "", "GB", "Greater London"
	if a, err := account.CreateAddress(app, u.ID(), ok); err != nil || a.Country != "GB" || a.State != "Greater London" {
		t.Fatalf("no label or phone, abroad: %+v %v", a, err)
	}
}

// Addresses saved in the same millisecond keep the order they were added
// in: deleting the default makes the first of them the default, whatever
// their random ids (this test gives the first the larger one).
func TestAddressesSavedAtOnceKeepTheirOrder(t *testing.T) {
	app := testapp.New(t)
	u := testapp.NewUser(t, app, false)
	ids := []string{}
	for _, label := range []string{"Home", "Venue", "Work"} {
		a, err := account.CreateAddress(app, u.ID(), homeAddress(label))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.ID)
	}
	first := "zzzzzzzzzzzzzzz"
	if _, err := app.DB().NewQuery("UPDATE addresses SET created = '2026-11-26 10:00:00.000Z', id = CASE id WHEN {:home} THEN {:first} ELSE id END WHERE user = {:user}").
		Bind(map[string]any{"home": ids[0], "first": first, "user": u.ID()}).Execute(); err != nil {
		t.Fatal(err)
	}
	work := homeAddress("Work")
	work.IsDefault = true
	if _, err := account.UpdateAddress(app, u.ID(), ids[2], work); err != nil {
		t.Fatal(err)
	}
	if err := account.DeleteAddress(app, u.ID(), ids[2]); err != nil {
		t.Fatal(err)
	}
	list, _ := account.ListAddresses(app, u.ID())
	if len(list) != 2 || list[0].ID != first || !list[0].IsDefault || list[1].ID != ids[1] {
		t.Fatalf("after deleting the default: %+v; want Home (added first) as the default, then Venue", list)
	}
}
