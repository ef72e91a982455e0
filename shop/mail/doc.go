// Package mail is StageShop's e-mail outbox. Every e-mail is a record of the
// "emails" collection written in the same transaction as the change that
// causes it, and sent after the commit by a Worker through PocketBase's
// mailer (dashboard > Settings > Mail settings). An order or a contact
// request therefore never fails or waits because of the mail server, and a
// queued e-mail survives restarts and SMTP outages.
//
// # Queueing (call with the transaction's app)
//
// Each Queue function renders the e-mail (HTML and plain text, in the
// recipient's language: en, ru or zh, English otherwise) and writes it with
// txApp, the core.App of the running transaction, so it is committed or
// rolled back with the change:
//
//	QueueOrderPlaced(txApp, account, order)           // the customer's account + every admin
//	QueueOrderStatus(txApp, account, status, order)   // Shipped, Delivered, Cancelled
//	QueueContactReceived(txApp, contact)              // visitor + every admin
//	QueueContactReply(txApp, replyID, contact, adminName, reply)
//	QueuePasswordReset(txApp, tokenID, recipient, token, expires) // link put in when sent
//	QueueBackInStock(txApp, to, language, ProductFromRecord(productRecord))
//	QueueWelcome(txApp, userID, recipient)            // a new account
//
// For example, when a stock alert comes true:
//
//	err := db.Write(app, func(txApp core.App) error {
//		// ... close the alert ...
//		return mail.QueueBackInStock(txApp, alert.GetString("email"), lang, mail.ProductFromRecord(product))
//	})
//
// Every e-mail has a unique event key (kind and the record it is about), so
// an event queued twice yields one e-mail.
//
// # Sending
//
// Register starts one Worker when the app serves and stops it on
// terminate. The worker claims each due e-mail with a conditional update
// (exactly one of several workers sends it), sends it and marks it sent; on
// failure it retries after 1 min, 5 min, 30 min, 2 h and then every 6 h for
// two days (STAGESHOP_MAIL_RETRY_INTERVAL replaces every delay, for tests),
// and finally marks it failed with the last error. While SMTP is not
// configured nothing is attempted: e-mails wait as queued.
package mail
