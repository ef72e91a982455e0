package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// securityRateLimits give every PocketBase auth route that stays open (the
// dashboard's _superusers; the users collection's are closed by the shop)
// a per-IP limit again: the shop's first rate-limit migration dropped
// PocketBase's catch-all rules, which had covered them. "*:auth" (password,
// OTP and OAuth2 sign-ins) is PocketBase's own and stays. Changing the
// e-mail or the password checks the current password, so the profile
// update is limited like the login.
var securityRateLimits = []core.RateLimitRule{
	{Label: "*:authRefresh", MaxRequests: 30, Duration: 60},
	{Label: "*:listAuthMethods", MaxRequests: 30, Duration: 60},
	{Label: "*:requestOTP", MaxRequests: 5, Duration: 60},
	{Label: "*:requestPasswordReset", MaxRequests: 5, Duration: 60},
	{Label: "*:confirmPasswordReset", MaxRequests: 5, Duration: 60},
	{Label: "*:requestVerification", MaxRequests: 5, Duration: 60},
	{Label: "*:confirmVerification", MaxRequests: 5, Duration: 60},
	{Label: "*:requestEmailChange", MaxRequests: 5, Duration: 60},
	{Label: "*:confirmEmailChange", MaxRequests: 5, Duration: 60},
	{Label: "PUT /api/auth/profile", MaxRequests: 10, Duration: 60},
}

func init() {
	m.Register(rateLimitsMigration(securityRateLimits...))
}
