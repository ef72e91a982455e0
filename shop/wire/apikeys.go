package wire

// APIKeyInput is the body of POST /api/admin/api-keys: a name, the scopes
// (orders:read, orders:write, products:read, products:write,
// customers:read) and an optional expiry (RFC 3339, in the future).
type APIKeyInput struct {
	Name      string   `json:"name"`
	Scopes    []string `json:"scopes"`
	ExpiresAt string   `json:"expiresAt,omitempty"`
}

// APIKey is a key as the Admin sees it. Key (ssk_...) is in the 201 answer
// of its creation only; the shop keeps a hash of it. LastUsedAt is exact
// to a minute; RevokedAt is set once it is revoked.
type APIKey struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Scopes     []string `json:"scopes"`
	Prefix     string   `json:"prefix"`
	Key        string   `json:"key,omitempty"`
	ExpiresAt  string   `json:"expiresAt,omitempty"`
	LastUsedAt string   `json:"lastUsedAt,omitempty"`
	RevokedAt  string   `json:"revokedAt,omitempty"`
	Created    string   `json:"created"`
}
