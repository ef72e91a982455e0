package main

import (
	"fmt"
	"math/rand/v2"
)

// shopFixture is a data dir ready for the cart, race and crash tests.
type shopFixture struct {
	dir       string
	customers []customer
	plenty    []string // products with stock to spare, for the cart load
	race      []string // one product per race round, each with raceUnits in stock
	initial   map[string]int
}

// plentyStock is the stock of the cart load's products: the load never
// runs them out, so a cart line above stock can only come from a bug.
const plentyStock = 1_000_000

// setupShop prepares dir: schema, demo catalog, catalog generated products
// with plenty of stock, one product per race round with raceUnits units,
// and n customers with tokens; seed adds the demo catalog first. The server must not be running.
func setupShop(bin, dir string, seed bool, catalog, n, raceRounds, raceUnits int) (*shopFixture, error) {
	if err := prepareDataDir(bin, dir, false, seed); err != nil {
		return nil, err
	}
	app, err := openApp(dir)
	if err != nil {
		return nil, err
	}
	defer closeApp(app)
	f := &shopFixture{dir: dir}
	f.plenty, err = growCatalog(app, catalog, genSpec{stock: func(*rand.Rand) int { return plentyStock }}, 3)
	if err != nil {
		return nil, err
	}
	for i := 0; i < raceRounds; i++ {
		id, err := addProduct(app, fmt.Sprintf("Race Follow Spot %d", i+1), raceUnits)
		if err != nil {
			return nil, err
		}
		f.race = append(f.race, id)
	}
	if f.customers, err = createCustomers(app, "customer", n); err != nil {
		return nil, err
	}
	if f.initial, err = stockLevels(app); err != nil {
		return nil, err
	}
	return f, nil
}
