package account

import (
	"database/sql"
	"errors"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// AddressesCollection holds the customers' saved addresses.
const AddressesCollection = "addresses"

// MaxSavedAddresses bounds a customer's address book.
const MaxSavedAddresses = 20

// Address book errors.
var (
	// ErrAddressNotFound: no such address in the caller's own book
	// (someone else's is not found either).
	ErrAddressNotFound = wire.NotFound("Address not found")
	// ErrAddressBookFull: the book already holds MaxSavedAddresses.
	ErrAddressBookFull = wire.Conflict("address_book_full", "The address book holds at most 20 addresses: delete one first")
)

// SavedAddress is an answer shape (shop/wire).
type SavedAddress = wire.SavedAddress

// AddressInput is the body of a new or changed saved address. IsDefault
// true makes it the default; the first address of a book is the default
// whatever it says, and the default stays one until another is made the
// default (or it is deleted), so a book with addresses always has one.
type AddressInput struct {
	Label     string `json:"label"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Address   string `json:"address"`
	City      string `json:"city"`
	State     string `json:"state"`
	ZipCode   string `json:"zipCode"`
	Country   string `json:"country"`
	Phone     string `json:"phone"`
	IsDefault bool   `json:"isDefault"`
}

// Normalize trims every text and turns the country and a US state into
// their codes when they are known.
func (in *AddressInput) Normalize() {
	for _, p := range []*string{&in.Label, &in.FirstName, &in.LastName, &in.Address, &in.City, &in.State, &in.ZipCode, &in.Country, &in.Phone} {
		*p = field.CleanLine(*p)
	}
	place := wire.PostalAddress{Country: in.Country, State: in.State}
	field.PlaceAddress(&place) // as an order's and a cart estimate's
	in.Country, in.State = place.Country, place.State
}

// Validate checks a normalized address: the same fields as an order's
// shipping address (phone optional, a label of at most 100 characters), a
// known country, and a US state from the list.
func (in AddressInput) Validate() error {
	text := func(label string) []validation.Rule {
		return []validation.Rule{field.Required(label + " is required"), validation.RuneLength(0, field.MaxAddressFieldLen)}
	}
	return validation.ValidateStruct(&in,
		validation.Field(&in.Label, validation.RuneLength(0, 100)),
		validation.Field(&in.FirstName, text("First name")...),
		validation.Field(&in.LastName, text("Last name")...),
		validation.Field(&in.Address, text("Address")...),
		validation.Field(&in.City, text("City")...),
		validation.Field(&in.State, append(text("State"), validation.By(field.USState(in.Country)))...),
		validation.Field(&in.ZipCode, text("ZIP code")...),
		validation.Field(&in.Country, field.Required("Country is required"), validation.By(field.KnownCountry)),
		validation.Field(&in.Phone, validation.RuneLength(0, field.MaxAddressFieldLen)),
	)
}

// savedAddressOf is the answer shape of an address record.
func savedAddressOf(r *core.Record) SavedAddress {
	return SavedAddress{ID: r.Id, Label: r.GetString("label"), FirstName: r.GetString("firstName"),
		LastName: r.GetString("lastName"), Address: r.GetString("address"), City: r.GetString("city"),
		State: r.GetString("state"), ZipCode: r.GetString("zipCode"), Country: r.GetString("country"),
		Phone: r.GetString("phone"), IsDefault: r.GetBool("isDefault")}
}

// ListAddresses is the user's address book, the default first, then the
// oldest first.
func ListAddresses(app core.App, userID string) ([]SavedAddress, error) {
	recs := []*core.Record{}
	err := app.RecordQuery(AddressesCollection).Where(dbx.HashExp{"user": userID}).
		OrderBy(oldestFirst("isDefault DESC")...).Limit(MaxSavedAddresses + 1).All(&recs)
	if err != nil {
		return nil, err
	}
	out := make([]SavedAddress, 0, len(recs))
	for _, r := range recs {
		out = append(out, savedAddressOf(r))
	}
	return out, nil
}

// ownAddress finds the user's address id, or ErrAddressNotFound.
func ownAddress(txApp core.App, userID, id string) (*core.Record, error) {
	r, err := txApp.FindRecordById(AddressesCollection, id)
	if err != nil || r.GetString("user") != userID {
		return nil, ErrAddressNotFound
	}
	return r, nil
}

// fill writes the input into an address record.
func (in AddressInput) fill(r *core.Record) {
	for k, v := range map[string]string{"label": in.Label, "firstName": in.FirstName, "lastName": in.LastName,
		"address": in.Address, "city": in.City, "state": in.State, "zipCode": in.ZipCode, "country": in.Country, "phone": in.Phone} {
		r.Set(k, v)
	}
}

// makeDefault makes r the user's one default address, in txApp (the
// others first: the unique index allows one default per user).
func makeDefault(txApp core.App, userID string, r *core.Record) error {
	others, err := txApp.FindRecordsByFilter(AddressesCollection, "user = {:user} && isDefault = true && id != {:id}", "", 0, 0,
		map[string]any{"user": userID, "id": r.Id})
	if err != nil {
		return err
	}
	for _, o := range others {
		o.Set("isDefault", false)
		if err := txApp.Save(o); err != nil {
			return err
		}
	}
	r.Set("isDefault", true)
	return nil
}

// CreateAddress saves a new address in the user's book. A full book is
// ErrAddressBookFull.
func CreateAddress(app core.App, userID string, in AddressInput) (*SavedAddress, error) {
	col, err := app.FindCachedCollectionByNameOrId(AddressesCollection)
	if err != nil {
		return nil, err
	}
	return saveAddress(app, userID, in, func(txApp core.App) (*core.Record, bool, error) {
		n, err := txApp.CountRecords(AddressesCollection, dbx.HashExp{"user": userID})
		if err != nil {
			return nil, false, err
		}
		if n >= MaxSavedAddresses {
			return nil, false, ErrAddressBookFull
		}
		r := core.NewRecord(col)
		r.Set("user", userID)
		return r, n == 0, nil // the first address is the default
	})
}

// UpdateAddress changes one of the user's addresses; another user's is
// ErrAddressNotFound.
func UpdateAddress(app core.App, userID, id string, in AddressInput) (*SavedAddress, error) {
	return saveAddress(app, userID, in, func(txApp core.App) (*core.Record, bool, error) {
		r, err := ownAddress(txApp, userID, id)
		return r, false, err
	})
}

// saveAddress checks in, then in one transaction takes the record to
// write from pick (with whether it must become the default whatever in
// says), fills it from in, makes it the default when asked and saves it.
func saveAddress(app core.App, userID string, in AddressInput, pick func(txApp core.App) (*core.Record, bool, error)) (*SavedAddress, error) {
	in.Normalize()
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var r *core.Record
	err := db.Write(app, func(txApp core.App) error {
		var first bool
		var err error
		if r, first, err = pick(txApp); err != nil {
			return err
		}
		in.fill(r)
		if in.IsDefault || first {
			if err := makeDefault(txApp, userID, r); err != nil {
				return err
			}
		}
		return txApp.Save(r)
	})
	if err != nil {
		return nil, err
	}
	a := savedAddressOf(r)
	return &a, nil
}

// DeleteAddress removes one of the user's addresses; when it was the
// default, the oldest remaining one becomes the default.
func DeleteAddress(app core.App, userID, id string) error {
	return db.Write(app, func(txApp core.App) error {
		r, err := ownAddress(txApp, userID, id)
		if err != nil {
			return err
		}
		if err := txApp.Delete(r); err != nil {
			return err
		}
		if !r.GetBool("isDefault") {
			return nil
		}
		next := &core.Record{}
		err = txApp.RecordQuery(AddressesCollection).Where(dbx.HashExp{"user": userID}).
			OrderBy(oldestFirst()...).Limit(1).One(next)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return err
		}
		next.Set("isDefault", true)
		return txApp.Save(next)
	})
}

// oldestFirst orders addresses as they were added, after first: two saved
// in the same millisecond share a created time, and their random ids would
// pick either, so the insertion order (rowid) decides.
func oldestFirst(first ...string) []string {
	return append(first, "created ASC", "rowid ASC")
}

// DefaultAddress is the user's default address, or nil with none.
func DefaultAddress(app core.App, userID string) (*SavedAddress, error) {
	list, err := ListAddresses(app, userID)
	if err != nil || len(list) == 0 || !list[0].IsDefault {
		return nil, err
	}
	return &list[0], nil
}
