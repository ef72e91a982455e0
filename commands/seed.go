package commands

import (
	"fmt"
	"strings"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/filesystem"
	"github.com/spf13/cobra"

	"stageshop/internal/db"
	"stageshop/shop"
	"stageshop/shop/artwork"
	"stageshop/shop/catalog"
	"stageshop/shop/shipping"
	"stageshop/shop/tax"
)

func newSeedCommand(app *pocketbase.PocketBase) *cobra.Command {
	return &cobra.Command{
		Use:          "seed",
		Short:        "Load the demo catalog (products with images in en, ru and zh); running it again adds nothing",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			added, err := Seed(app)
			if err != nil {
				return err
			}
			if filled, err := seedStore(app); err != nil {
				return err
			} else if filled {
				fmt.Fprintln(cmd.OutOrStdout(), "Filled in the demo shop's contact details.")
			}
			if filled, err := SeedSynonyms(app); err != nil {
				return err
			} else if filled {
				fmt.Fprintln(cmd.OutOrStdout(), "Added the demo catalog's search synonyms (edit them in /admin/settings/search).")
			}
			rates, err := SeedTax(app)
			if err != nil {
				return err
			}
			if rates > 0 {
				fmt.Fprintf(cmd.OutOrStdout(), "Added %d example tax rates (edit them in the dashboard: tax_rates).\n", rates)
			}
			if added == 0 {
				fmt.Fprintln(cmd.OutOrStdout(), "Demo catalog already present: nothing to add.")
			} else {
				fmt.Fprintf(cmd.OutOrStdout(), "Added %d demo products.\n", added)
			}
			return nil
		},
	}
}

// Seed adds every demo product whose English name is not in the catalog yet,
// each with its images, in one transaction per product. It returns how many
// products it added; a second run adds none.
func Seed(app core.App) (added int, err error) {
	products, err := app.FindCollectionByNameOrId(catalog.ProductsCollection)
	if err != nil {
		return 0, err
	}
	images, err := app.FindCollectionByNameOrId(catalog.ProductImagesCollection)
	if err != nil {
		return 0, err
	}
	for _, it := range seedOrder() {
		p := it.product
		exists, err := app.CountRecords(products, dbx.HashExp{"name": p.name.en})
		if err != nil {
			return added, err
		}
		if exists > 0 {
			continue
		}
		if err := seedProduct(app, products, images, it); err != nil {
			return added, fmt.Errorf("seeding %q: %w", p.name.en, err)
		}
		added++
	}
	return added, nil
}

// seedProduct adds one demo product with its pictures in one transaction;
// a showcase product goes through the catalog's own create path, so its
// variant, hire and kit rules apply as for the owner's.
func seedProduct(app core.App, products, images *core.Collection, it seedItem) error {
	p := it.product
	// The pictures are drawn before the transaction: drawing takes far
	// longer than the writes, and the write lock is the shop's one.
	pictures := make([][]byte, p.images)
	for v := range pictures {
		pictures[v] = artwork.Product(it.art, it.picture+v)
	}
	return db.Write(app, func(txApp core.App) error {
		names := make([]string, 0, p.images)
		for _, picture := range pictures {
			file, err := filesystem.NewFileFromBytes(picture, slug(p.name.en)+".jpg")
			if err != nil {
				return err
			}
			img := core.NewRecord(images)
			img.Set("file", file)
			if err := txApp.Save(img); err != nil {
				return err
			}
			names = append(names, img.GetString("file"))
		}
		if it.showcase != nil {
			in, err := it.showcase.input(txApp, names)
			if err != nil {
				return err
			}
			_, err = catalog.CreateProduct(txApp, in)
			return err
		}
		rec := core.NewRecord(products)
		rec.Set("name", p.name.en)
		rec.Set("nameLocalized", p.name.localized())
		rec.Set("description", p.desc.en)
		rec.Set("descriptionLocalized", p.desc.localized())
		rec.Set("category", p.category)
		rec.Set("priceCents", p.priceCents)
		rec.Set("stockQuantity", p.stock)
		rec.Set("isActive", true)
		rec.Set("imageFileNames", names)
		rec.Set("attributes", demoAttributes(p))
		rec.Set("weightGrams", demoWeightGrams(p))
		return txApp.Save(rec)
	})
}

// seedItem is one demo product as Seed adds it: its picture kind, the
// colour its pictures start at, and for a showcase product its extras.
type seedItem struct {
	product  demoProduct
	art      string
	picture  int
	showcase *showcaseProduct
}

// seedOrder is every demo product, oldest first: the showcase products
// before the plain ones or after the one they name.
func seedOrder() []seedItem {
	var out []seedItem
	showcase := func(after string) {
		for i := range showcaseCatalog {
			if s := &showcaseCatalog[i]; s.after == after {
				out = append(out, seedItem{product: s.demoProduct, art: s.art, picture: len(demoCatalog) + i, showcase: s})
			}
		}
	}
	showcase("")
	for i, p := range demoCatalog {
		out = append(out, seedItem{product: p, art: demoArt[p.name.en], picture: i})
		showcase(p.name.en)
	}
	return out
}

// demoAttributes are a demo product's specification rows.
func demoAttributes(p demoProduct) []catalog.Attribute {
	attrs := make([]catalog.Attribute, 0, len(p.attrs))
	for _, a := range p.attrs {
		attrs = append(attrs, catalog.Attribute{
			Key: a.key.en, KeyLocalized: a.key.localized(),
			Value: a.value.en, ValueLocalized: a.value.localized(),
		})
	}
	return attrs
}

// slug makes a short file-name stem from a product name.
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteByte('-')
		}
		if b.Len() >= 40 {
			break
		}
	}
	return strings.Trim(b.String(), "-")
}

// demoTaxRates are example rates for the demo shop (README: examples, not
// tax advice): two US states and Germany's standard and reduced VAT.
var demoTaxRates = []struct {
	country, region, class string
	rate                   float64
	name                   string
}{
	{"US", "TX", tax.Standard, 6.25, "Texas sales tax"},
	{"US", "CA", tax.Standard, 7.25, "California sales tax"},
	{"DE", "", tax.Standard, 19, "VAT"},
	{"DE", "", tax.Reduced, 7, "Reduced VAT"},
}

// SeedTax adds the demo tax rates when the shop has none, and the demo
// seller's details on the invoice when the settings have none; it returns
// how many rates it added.
func SeedTax(app core.App) (added int, err error) {
	n, err := app.CountRecords(tax.RatesCollection)
	if err != nil || n > 0 {
		return 0, err
	}
	col, err := app.FindCollectionByNameOrId(tax.RatesCollection)
	if err != nil {
		return 0, err
	}
	err = db.Write(app, func(txApp core.App) error {
		for _, r := range demoTaxRates {
			rec := core.NewRecord(col)
			rec.Load(map[string]any{"country": r.country, "region": r.region, "taxClass": r.class, "rate": r.rate, "name": r.name})
			if err := txApp.Save(rec); err != nil {
				return err
			}
		}
		return seedSeller(txApp)
	})
	if err != nil {
		return 0, err
	}
	return len(demoTaxRates), nil
}

// seedSeller fills the invoice's seller details of the demo shop that the
// store details do not hold: the legal name and the tax ID.
func seedSeller(txApp core.App) error {
	recs, err := txApp.FindAllRecords(shipping.SettingsCollection)
	if err != nil || len(recs) == 0 || recs[0].GetString("sellerTaxId") != "" {
		return err
	}
	s := recs[0]
	if s.GetString("legalName") == "" {
		s.Set("legalName", "StageShop Supply LLC")
	}
	s.Set("sellerTaxId", "EIN 12-3456789")
	return txApp.Save(s)
}

// The go-live checklist asks whether the demo catalog is still there.
func init() {
	var names []string
	for _, it := range seedOrder() {
		names = append(names, it.product.name.en)
	}
	shop.UseDemoProducts(names)
}
