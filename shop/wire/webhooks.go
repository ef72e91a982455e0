package wire

// WebhookInput is the body of POST /api/admin/webhooks.
type WebhookInput struct {
	URL    string   `json:"url"`
	Events []string `json:"events"`
}

// Webhook is an endpoint as the admin sees it. State is active, failing
// (its deliveries fail, since FailingSince) or paused (it failed for a day;
// the admins were told). Secret is in the 201 answer of its creation only.
type Webhook struct {
	ID           string   `json:"id"`
	URL          string   `json:"url"`
	Events       []string `json:"events"`
	State        string   `json:"state"`
	FailingSince string   `json:"failingSince,omitempty"`
	PausedAt     string   `json:"pausedAt,omitempty"`
	LastError    string   `json:"lastError,omitempty"`
	Created      string   `json:"created"`
	Secret       string   `json:"secret,omitempty"`
}

// WebhookAttempt is one try of a delivery: the endpoint's status code
// (0 when it was not reached) and the start of its answer, or the error.
type WebhookAttempt struct {
	At         string `json:"at"`
	StatusCode int    `json:"statusCode"`
	Answer     string `json:"answer,omitempty"`
	Error      string `json:"error,omitempty"`
	DurationMs int64  `json:"durationMs"`
}

// WebhookDelivery is one event's delivery to one endpoint: queued (its
// next attempt at NextAttemptAt), delivered or failed (retried for a day).
type WebhookDelivery struct {
	ID            string           `json:"id"`
	EventID       string           `json:"eventId"`
	Type          string           `json:"type"`
	Status        string           `json:"status"`
	Attempts      []WebhookAttempt `json:"attempts"`
	NextAttemptAt string           `json:"nextAttemptAt,omitempty"`
	DeliveredAt   string           `json:"deliveredAt,omitempty"`
	Created       string           `json:"created"`
}
