package catalog

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"stageshop/internal/db"
	"stageshop/shop/field"
	"stageshop/shop/wire"
)

// CategoryNotEmptyError refuses to delete a category that still holds
// products (409 category_not_empty): Products is how many.
type CategoryNotEmptyError struct{ Products int }

func (e *CategoryNotEmptyError) Error() string { return ErrCategoryNotEmpty.Error() }
func (e *CategoryNotEmptyError) Unwrap() error { return ErrCategoryNotEmpty }

// Problem is 409 category_not_empty, saying how many products remain.
func (e *CategoryNotEmptyError) Problem() *wire.Problem {
	return wire.Conflict("category_not_empty",
		fmt.Sprintf("%d products remain in this category: move them to another category first", e.Products))
}

// CreateCategory adds a category (last, or at in.SortOrder).
func CreateCategory(app core.App, in CategoryInput) (Category, error) {
	in.Normalize()
	if err := in.Validate(app); err != nil {
		return Category{}, err
	}
	col, err := app.FindCollectionByNameOrId(CategoriesCollection)
	if err != nil {
		return Category{}, err
	}
	var rec *core.Record
	err = db.Write(app, func(txApp core.App) error {
		rec = core.NewRecord(col)
		if err := checkCategoryUnique(txApp, in, ""); err != nil {
			return err
		}
		in.fill(rec)
		rec.Set("sortOrder", maxCategories) // placed by reorder below
		if err := txApp.Save(rec); err != nil {
			return err
		}
		return placeCategory(txApp, rec, in.SortOrder)
	})
	if err != nil {
		return Category{}, err
	}
	return categoryOf(rec, 0, true), nil
}

// UpdateCategory changes a category. A new English name is written into
// its products' `category` in the same transaction (old clients, search,
// the sitemap and the filters read it).
func UpdateCategory(app core.App, id string, in CategoryInput) (Category, error) {
	in.Normalize()
	if err := in.Validate(app); err != nil {
		return Category{}, err
	}
	var rec *core.Record
	err := db.Write(app, func(txApp core.App) error {
		var err error
		if rec, err = txApp.FindRecordById(CategoriesCollection, id); err != nil {
			return ErrCategoryNotFound
		}
		if err := checkCategoryUnique(txApp, in, id); err != nil {
			return err
		}
		oldName := rec.GetString("name")
		in.fill(rec)
		if err := txApp.Save(rec); err != nil {
			return err
		}
		if err := moveProducts(txApp, rec.Id, oldName, rec); err != nil {
			return err
		}
		if in.SortOrder == nil {
			return nil
		}
		return placeCategory(txApp, rec, in.SortOrder)
	})
	if err != nil {
		return Category{}, err
	}
	counts, err := categoryCounts(app, false)
	if err != nil {
		return Category{}, err
	}
	return categoryOf(rec, counts[rec.GetString("name")], true), nil
}

// DeleteCategory deletes a category. One that holds products is refused
// (CategoryNotEmptyError) unless moveTo names another category: then its
// products move there first, in the same transaction.
func DeleteCategory(app core.App, id, moveTo string) error {
	return db.Write(app, func(txApp core.App) error {
		rec, err := txApp.FindRecordById(CategoriesCollection, id)
		if err != nil {
			return ErrCategoryNotFound
		}
		var n int
		err = txApp.DB().Select("COUNT(*)").From(ProductsCollection).
			Where(inCategory(id, rec.GetString("name"))).Row(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			if moveTo == "" {
				return &CategoryNotEmptyError{Products: n}
			}
			target, err := txApp.FindRecordById(CategoriesCollection, moveTo)
			if err != nil || target.Id == id {
				return field.Error("moveTo", "validation_invalid", "Choose another category to move the products to")
			}
			if err := moveProducts(txApp, id, rec.GetString("name"), target); err != nil {
				return err
			}
		}
		if err := txApp.Delete(rec); err != nil {
			return err
		}
		return placeCategory(txApp, nil, nil)
	})
}

// inCategory is the products of category id, named name (by raw inserts,
// the benches', a product may carry only the name).
func inCategory(id, name string) dbx.Expression {
	return dbx.Or(dbx.HashExp{"categoryId": id}, dbx.HashExp{"category": name})
}

// moveProducts puts the products of category id (named name) into target
// (id itself after a rename), names and ids. One UPDATE: a category may hold
// thousands of products and saving each through the ORM took seconds; the
// search triggers follow the change and the category hooks drop the
// catalog's cached answers.
func moveProducts(txApp core.App, id, name string, target *core.Record) error {
	_, err := txApp.DB().Update(ProductsCollection, dbx.Params{
		"categoryId": target.Id, "category": target.GetString("name"), "updated": nowDate(),
	}, dbx.And(inCategory(id, name), dbx.Or(
		dbx.Not(dbx.HashExp{"category": target.GetString("name")}),
		dbx.Not(dbx.HashExp{"categoryId": target.Id})))).Execute()
	return err
}

// checkCategoryUnique refuses a name or slug another category has.
func checkCategoryUnique(txApp core.App, in CategoryInput, self string) error {
	var rows []struct {
		Name string `db:"name"`
		Slug string `db:"slug"`
	}
	err := txApp.DB().Select("name", "slug").From(CategoriesCollection).
		Where(dbx.And(dbx.Not(dbx.HashExp{"id": self}), dbx.Or(
			dbx.NewExp("name = {:name} COLLATE NOCASE", dbx.Params{"name": in.Name}),
			dbx.HashExp{"slug": in.Slug}))).All(&rows)
	if err != nil {
		return err
	}
	errs := validation.Errors{}
	for _, r := range rows {
		if strings.EqualFold(r.Name, in.Name) {
			errs["name"] = validation.NewError("validation_taken", "Another category has this name")
		}
		if r.Slug == in.Slug {
			errs["slug"] = validation.NewError("validation_taken", "Another category has this slug")
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// fill writes the input into a category record (not its place).
func (in CategoryInput) fill(rec *core.Record) {
	rec.Set("name", in.Name)
	rec.Set("nameLocalized", in.NameLocalized)
	rec.Set("slug", in.Slug)
	rec.Set("imageFileName", in.ImageFileName)
	rec.Set("hidden", in.Hidden)
}

// placeCategory numbers the categories 0, 1, 2... in their order, with
// rec moved to position at (nil: where it is; past the end: last).
func placeCategory(txApp core.App, rec *core.Record, at *int) error {
	all, err := txApp.FindRecordsByFilter(CategoriesCollection, "", "sortOrder,id", 0, 0)
	if err != nil {
		return err
	}
	if rec != nil {
		pos := len(all) // where it is (the caller's copy), or asked
		rest := make([]*core.Record, 0, len(all))
		for _, r := range all {
			if r.Id == rec.Id {
				pos = len(rest)
				continue
			}
			rest = append(rest, r)
		}
		if at != nil {
			pos = *at
		}
		pos = min(pos, len(rest))
		all = append(rest[:pos], append([]*core.Record{rec}, rest[pos:]...)...)
	}
	for i, r := range all {
		if r.GetInt("sortOrder") == i && (rec == nil || r.Id != rec.Id) {
			continue
		}
		r.Set("sortOrder", i)
		if err := txApp.Save(r); err != nil {
			return err
		}
	}
	return nil
}
