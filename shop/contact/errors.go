package contact

import "stageshop/shop/wire"

// ErrNotFound: an unknown contact request.
var ErrNotFound = wire.NotFound("Contact request not found")
