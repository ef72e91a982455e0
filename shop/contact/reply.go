package contact

import (
	"strings"

	"github.com/pocketbase/dbx"
	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/types"

	"stageshop/internal/db"
	"stageshop/shop/mail"
	"stageshop/shop/wire"
)

// RepliesCollection keeps admins' replies to contact requests.
const RepliesCollection = "contact_replies"

// maxReplyLen bounds a reply, like the visitor's message.
const maxReplyLen = 5000

// Reply is an answer shape (shop/wire).
type Reply = wire.ContactReply

// ReplyInput is an admin's reply: the text and who sends it.
type ReplyInput struct {
	Message   string `json:"message"`
	AdminID   string `json:"-"`
	AdminName string `json:"-"`
}

// Validate trims the reply and checks it: required, at most 5000
// characters. Errors are keyed "message".
func (in *ReplyInput) Validate() error {
	in.Message = strings.TrimSpace(in.Message)
	return validation.ValidateStruct(in,
		validation.Field(&in.Message,
			validation.Required.ErrorObject(validation.NewError("required", "This field is required")),
			validation.RuneLength(0, maxReplyLen).ErrorObject(
				validation.NewError("too_long", "Must be at most 5000 characters"))),
	)
}

// AddReply stores an admin's reply to a contact request and, in the
// same transaction, queues it as an e-mail to the visitor in their
// language (its Reply-To is the shop's contact address) and moves a New
// request to InProgress. It returns the request with every reply, oldest first.
func AddReply(app core.App, id string, in ReplyInput) (*Request, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	var out *Request
	err := db.Write(app, func(txApp core.App) error {
		rec, err := findContact(txApp, id)
		if err != nil {
			return err
		}
		col, err := txApp.FindCachedCollectionByNameOrId(RepliesCollection)
		if err != nil {
			return err
		}
		reply := core.NewRecord(col)
		reply.Set("request", rec.Id)
		reply.Set("admin", in.AdminID)
		reply.Set("adminName", in.AdminName)
		reply.Set("message", in.Message)
		if err := txApp.Save(reply); err != nil {
			return err
		}
		if err := mail.QueueContactReply(txApp, reply.Id, mailContact(rec), in.AdminName, in.Message); err != nil {
			return err
		}
		// Answered: a new request is being worked on. A request already
		// resolved or closed keeps its status (a follow-up answer).
		if rec.GetString("status") == StatusNew {
			rec.Set("status", StatusInProgress)
			if err := txApp.Save(rec); err != nil {
				return err
			}
		}
		out, err = contactRequest(txApp, rec)
		return err
	})
	return out, err
}

// mailContact is what the contact e-mails tell about a request.
func mailContact(rec *core.Record) mail.Contact {
	return mail.Contact{ID: rec.Id, Name: rec.GetString("name"), Email: rec.GetString("email"),
		Subject: rec.GetString("subject"), Message: rec.GetString("message"), Language: rec.GetString("language")}
}

// contactRequest builds the admin's view of a request record, with its
// replies.
func contactRequest(app core.App, rec *core.Record) (*Request, error) {
	out := []Request{{
		ID: rec.Id, Name: rec.GetString("name"), Email: rec.GetString("email"), Subject: rec.GetString("subject"),
		Message: rec.GetString("message"), Status: rec.GetString("status"), AdminNotes: rec.GetString("adminNotes"),
		CreatedAt: wire.Stamp(rec.GetDateTime("created")), UpdatedAt: wire.Stamp(rec.GetDateTime("updated")),
		Replies: []Reply{},
	}}
	if err := attachReplies(app, out); err != nil {
		return nil, err
	}
	return &out[0], nil
}

// attachReplies fills the replies of the requests, oldest first, with one
// query.
func attachReplies(app core.App, reqs []Request) error {
	if len(reqs) == 0 {
		return nil
	}
	ids := make([]any, len(reqs))
	at := make(map[string]int, len(reqs))
	for i, r := range reqs {
		ids[i] = r.ID
		at[r.ID] = i
	}
	var rows []struct {
		ID        string         `db:"id"`
		Request   string         `db:"request"`
		AdminName string         `db:"adminName"`
		Message   string         `db:"message"`
		Created   types.DateTime `db:"created"`
	}
	err := app.DB().Select("id", "request", "adminName", "message", "created").From(RepliesCollection).
		Where(dbx.In("request", ids...)).OrderBy("created ASC", "rowid ASC").All(&rows)
	if err != nil {
		return err
	}
	for _, r := range rows {
		i := at[r.Request]
		reqs[i].Replies = append(reqs[i].Replies, Reply{ID: r.ID, Message: r.Message, AdminName: r.AdminName,
			CreatedAt: wire.Stamp(r.Created)})
	}
	return nil
}
