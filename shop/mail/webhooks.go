package mail

import (
	"github.com/pocketbase/pocketbase/core"

	"stageshop/shop/locale"
)

// KindWebhookPaused tells every admin that a webhook endpoint failed for a
// day and was paused (issue 49): never silently.
const KindWebhookPaused = "webhook_paused"

func init() { kinds = append(kinds, KindWebhookPaused) }

// QueueWebhookPaused queues the notice of a paused endpoint (its id, url
// and last error) to every admin, once per pause (at is when it paused).
func QueueWebhookPaused(txApp core.App, endpointID, url, lastError, at string) error {
	return toAdmins(txApp, KindWebhookPaused+":"+endpointID+":"+at, func(a Recipient) (rendered, error) {
		l := locale.Lang(a.Language)
		v := newView(txApp, l, a.Email, a.Name)
		v.Subject = tr(l, "hookPausedSubject")
		v.Heading = tr(l, "hookPausedHeading")
		v.Intro = []string{tr(l, "hookPausedIntro", "url", url)}
		v.Facts = []fact{{tr(l, "hookLastError"), lastError}}
		v.Button = &button{tr(l, "hookOpen"), v.link("/admin/webhooks")}
		return render(KindWebhookPaused, a.Email, "", v)
	})
}
