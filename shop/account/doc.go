// Package account owns the shop's users: registering, signing in and out,
// sessions (refresh-token families, their rotation and every way they end,
// with OnSessionsEnded after the commit), password resets, the profile,
// roles and their history, saved addresses, a business customer's tax
// exemption, the per-user limits of actions, and the admin's list of
// customers. It uses the leaves and shop/mail's outbox; orders and carts
// name its users.
package account
