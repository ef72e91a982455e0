package quote

import "stageshop/shop/wire"

// Errors of the quotes (api.md "Quotes").
var (
	// ErrNotFound: an unknown quote, or someone else's.
	ErrNotFound = wire.NotFound("Quote not found")
	// ErrChanged: the shop saved a revision after the one the customer saw.
	ErrChanged = wire.Conflict("quote_changed", "The quote has changed; please review it again")
	// ErrExpired: the quote is past its validity date.
	ErrExpired = wire.Conflict("quote_expired", "This quote has expired")
	// ErrNotOpen: the quote's status does not allow the step.
	ErrNotOpen = wire.Conflict("quote_not_open", "This quote is no longer open")
	// ErrBadStatus: a status filter outside the list.
	ErrBadStatus = wire.BadRequest("invalid_status", "Unknown quote status")
)
