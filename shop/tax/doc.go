// Package tax owns the shop's tax: the classes (Standard, Reduced, Zero),
// the rates by country, US state and class (the tax_rates records, their
// record rule ValidateRateRecord, the admin's ListRates/SaveRate/DeleteRate),
// the rules kept between requests (LoadRules, KeepRules: the rates with the
// settings record's pricesIncludeTax and taxShipping), and the one
// computation (Compute), in integer cents, that the cart estimate, the
// checkout and the order share. It is a leaf above shop/field, shop/money
// and shop/wire.
package tax
