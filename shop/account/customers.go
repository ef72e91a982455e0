package account

import (
	"math"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/wire"
)

// Paging of the admin's users and role-change lists.
const (
	DefaultAdminPageSize = 20
	maxAdminPageSize     = 100
	maxUserSearchLen     = 200
)

// ErrUserNotFound: no shop user with that id.
var ErrUserNotFound = wire.NotFound("User not found")

// PageQuery is a page of an admin list: page from 1, size 1-100.
type PageQuery struct {
	Page     int `json:"page"`
	PageSize int `json:"pageSize"`
}

// Validate checks the page and page size.
func (q PageQuery) Validate() error {
	// ozzo's Min and Max skip zero values: Required catches page=0.
	badPage := validation.NewError("validation_page", "Page must be a whole number of at least 1")
	badSize := validation.NewError("validation_page_size", "Page size must be a whole number from 1 to 100")
	return validation.ValidateStruct(&q,
		validation.Field(&q.Page, validation.Required.ErrorObject(badPage), validation.Min(1).ErrorObject(badPage)),
		validation.Field(&q.PageSize, validation.Required.ErrorObject(badSize), validation.Min(1).ErrorObject(badSize),
			validation.Max(maxAdminPageSize).ErrorObject(badSize)),
	)
}

// offset is the number of rows before the page.
func (q PageQuery) offset() int64 { return int64(q.Page-1) * int64(q.PageSize) }

// UserQuery asks for a page of shop users, optionally only those whose
// name or e-mail contains Search.
type UserQuery struct {
	PageQuery
	Search string `json:"search"`
}

// Validate checks the page and the search text's length.
func (q UserQuery) Validate() error {
	if err := q.PageQuery.Validate(); err != nil {
		return err
	}
	return validation.ValidateStruct(&q,
		validation.Field(&q.Search, validation.RuneLength(0, maxUserSearchLen).
			ErrorObject(validation.NewError("validation_search", "Search must be at most 200 characters"))),
	)
}

// CustomerStats is an answer shape (shop/wire).
type CustomerStats = wire.CustomerStats

// UserPage is one page of users, newest members first, with their stats.
type UserPage struct {
	Users      []*core.Record
	Stats      map[string]CustomerStats
	Pagination wire.Page
}

// userFilter matches users whose e-mail, first, last or full name contains
// search (case-insensitive for Latin letters, as SQLite's LIKE).
func userFilter(search string) dbx.Expression {
	s := strings.TrimSpace(search)
	if s == "" {
		return nil
	}
	return dbx.NewExp(`(email LIKE {:s} ESCAPE '\' OR firstName LIKE {:s} ESCAPE '\' OR lastName LIKE {:s} ESCAPE '\'
		OR (firstName || ' ' || lastName) LIKE {:s} ESCAPE '\')`, dbx.Params{"s": "%" + db.EscapeLike(s) + "%"})
}

// ListUsers returns one page of shop users, newest first, with each one's
// order count and spending from one grouped query over that page's users.
// A page past the end is empty.
func ListUsers(app core.App, q UserQuery) (*UserPage, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	where := userFilter(q.Search)
	count := app.DB().Select("COUNT(*)").From(UsersCollection)
	list := app.RecordQuery(UsersCollection)
	if where != nil {
		count, list = count.Where(where), list.AndWhere(where)
	}
	var total int
	if err := count.Row(&total); err != nil {
		return nil, err
	}
	out := &UserPage{Users: []*core.Record{}, Stats: map[string]CustomerStats{}, Pagination: wire.NewPage(q.Page, q.PageSize, total)}
	if q.offset() >= int64(total) {
		return out, nil
	}
	err := list.OrderBy("created DESC", "id DESC").Limit(int64(q.PageSize)).Offset(q.offset()).All(&out.Users)
	if err != nil {
		return nil, err
	}
	ids := make([]any, 0, len(out.Users))
	for _, u := range out.Users {
		ids = append(ids, u.Id)
	}
	out.Stats, err = customerStats(app, ids)
	return out, err
}

// customerStats counts the orders and spending of the given users.
func customerStats(app core.App, userIDs []any) (map[string]CustomerStats, error) {
	var rows []struct {
		User   string  `db:"user"`
		Orders int     `db:"orders"`
		Spent  float64 `db:"spent"`
	}
	err := app.DB().Select("user", "COUNT(*) AS orders",
		"COALESCE(SUM(CASE WHEN status != 'Cancelled' THEN totalCents END), 0) AS spent").
		From(ordersTable).Where(dbx.In("user", userIDs...)).GroupBy("user").All(&rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]CustomerStats, len(rows))
	for _, r := range rows {
		out[r.User] = CustomerStats{OrdersCount: r.Orders, TotalSpent: wire.Amount(int64(math.Round(r.Spent)))}
	}
	return out, nil
}

// FindUser loads a shop user or answers ErrUserNotFound.
func FindUser(app core.App, id string) (*core.Record, error) {
	return db.FindRecord(app, UsersCollection, id, ErrUserNotFound)
}

// ordersTable is where customerStats counts a customer's orders (the
// orders are package shop's; the list of customers only reads their
// totals).
const ordersTable = "orders"
