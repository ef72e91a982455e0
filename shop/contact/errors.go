package contact

import "errors"

// ErrNotFound: an unknown contact request.
var ErrNotFound = errors.New("Contact request not found")
