package realtime

import (
	"fmt"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// checkTopics refuses a subscription list with more than max topics, or
// with two topics that follow the same collection ("products/*",
// "products/ID", "products" and their "?options=" variants, by name or id):
// PocketBase sends an event to every topic that covers its record, so two
// such topics are two messages per event, and a thousand of them were a
// thousand. One topic per collection keeps an event to one message per
// client; the wildcard already carries every record's events.
func checkTopics(app core.App, topics []string, max int) error {
	if len(topics) > max {
		return validation.Errors{"subscriptions": validation.NewError("validation_too_many_subscriptions",
			fmt.Sprintf("At most %d subscriptions per connection.", max))}
	}
	seen := map[string]string{}
	for _, t := range topics {
		col := topicCollection(app, t)
		if col == "" {
			continue
		}
		if prev, ok := seen[col]; ok {
			return validation.Errors{"subscriptions": validation.NewError("validation_duplicate_collection_subscription",
				fmt.Sprintf("%q and %q follow the same collection: subscribe to one of them (the wildcard covers every record).", prev, t))}
		}
		seen[col] = t
	}
	return nil
}

// topicCollection is the id of the collection whose record events topic
// would receive, or "" for a topic that follows no collection (PB_CONNECT,
// unknown names).
func topicCollection(app core.App, topic string) string {
	base, _, _ := strings.Cut(topic, "?")
	name, _, _ := strings.Cut(base, "/")
	if name == "" {
		return ""
	}
	col, err := app.FindCachedCollectionByNameOrId(name)
	if err != nil {
		return ""
	}
	return col.Id
}
