// Package shipping owns how the shop ships: its home country, zones of
// countries with their methods, weight bands and free-shipping thresholds
// (Settings, read from the shop's settings record and kept between
// requests: LoadSettings, KeepSettings), the admin's edit of them
// (AdminSettings, SaveSettings), and the one pricing of a shipment
// (Settings.MethodsFor, QuoteFor). It prices plain lines (Line: subtotal,
// grams, quantity, freight flag) and so needs no cart; the settings
// record's own rule is package shop's (RecordChecks are its shipping part).
package shipping
