package returns

import "stageshop/shop/wire"

// Errors of the returns (api.md "Returns").
var (
	// ErrNotReturnable: the order is not delivered, or the line is hired
	// (a hire's deposit settles at check-in, issue 46).
	ErrNotReturnable = wire.Conflict("not_returnable", "Only delivered orders can be returned")
	ErrHireLine      = wire.Conflict("not_returnable", "Hired items are returned at check-in, not as a return")
	// ErrWindowClosed: the order was delivered longer ago than the window.
	ErrWindowClosed = wire.Conflict("return_window_closed", "The return window for this order has closed")
	// ErrExceedsOrder: more units than were delivered less those returned
	// or on their way back.
	ErrExceedsOrder = wire.Conflict("return_exceeds_order", "You cannot return more than was delivered and not yet returned")
	// ErrReturnNotFound: an unknown return.
	ErrReturnNotFound = wire.NotFound("Return not found")
	// ErrStatus: a step the return's status does not allow (a rejected
	// return received, a received one rejected).
	ErrStatus = wire.Conflict("return_status", "This return cannot move to that status")
	// ErrUnknownLine: a line that is not the order's.
	ErrUnknownLine = wire.BadRequest("unknown_line", "This line is not part of the order")
	// ErrBadStatus: a status filter outside the list.
	ErrBadStatus = wire.BadRequest("invalid_status", "Unknown return status")
)
