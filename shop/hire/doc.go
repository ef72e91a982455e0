// Package hire owns hiring stage gear out by the day, weekend and week
// (issue 46, api.md "Hire (rentals)"): the dates (the shop's calendar
// dates in shop_settings.timeZone, never times), the pricing rule (Price,
// written once), a product's hire terms and kits, the availability of a
// unit per day with buffers, and the bookings: Book checks and books an
// order's hire lines in the order's own write transaction, and the admin
// moves a booking through reserved → out → returned (with fees), or
// cancels it.
//
// Availability, exactly: a booking of [start, end] takes its units from
// start to end + bufferDays (a unit is cleaned and tested after it comes
// back). A unit is free for a new hire [s, e] when it is free on every day
// of [s, e + bufferDays]; for one unit that is the contract's rule (no
// booking's [start - buffer, end + buffer] overlaps [s, e]), and with a
// fleet of several it is exact: units are interchangeable, so a hire fits
// when on each day fewer than the fleet are taken (interval graphs need no
// more colours than their largest overlap). The availability of a day is
// what a one-day hire on it could have, so a range can have the least of
// its days.
//
// It imports only leaves (internal/appstate, internal/db, internal/keep,
// shop/field, shop/money, shop/wire) and PocketBase.
package hire
