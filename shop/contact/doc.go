// Package contact owns the contact form's requests: a visitor's message
// with the copies and notices it e-mails (through shop/mail's outbox, in
// the same transaction), the admins' list, counts, status and notes, and
// their replies, e-mailed to the visitor. It uses only the leaves.
package contact
