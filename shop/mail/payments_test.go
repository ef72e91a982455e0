package mail

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

// The expired payment's e-mail says how long the card payment was waited
// for in the reader's plural: "в течение 31 минуты" but "60 минут".
func TestExpiredPaymentSaysTheMinutesInTheReadersPlural(t *testing.T) {
	app := newApp(t)
	for i, c := range []struct {
		lang    string
		minutes int
		want    string
	}{
		{"ru", 31, "в течение 31 минуты,"}, {"ru", 60, "в течение 60 минут,"}, {"ru", 32, "в течение 32 минут,"},
		{"en", 31, "within 31 minutes,"}, {"zh", 31, "在 31 分钟内"},
	} {
		key := fmt.Sprintf("expired:%d", i)
		err := app.RunInTransaction(func(tx core.App) error {
			return QueuePayment(tx, KindPaymentExpired, key, Payment{
				To: Recipient{Email: "c@example.com", Language: c.lang}, OrderNumber: "SS-1", HoldMinutes: c.minutes})
		})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := app.FindFirstRecordByData(Collection, "eventKey", key)
		if err != nil {
			t.Fatal(err)
		}
		_, text, err := content(rec)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(text, c.want) {
			t.Errorf("%s, %d minutes: the e-mail lacks %q:\n%s", c.lang, c.minutes, c.want, text)
		}
	}
}
