// Package site owns what the shop says about itself: the store details of
// the settings record (name, logo, contact details, hours, hero, social
// links; kept in memory until the record changes, and the identity of
// every e-mail), the information pages with their Markdown sources, and
// the addresses of the shop's pages whose head the app asks for. It uses
// catalog (a logo is a stored product image), shipping (whose settings
// record holds the details) and the leaves.
package site
