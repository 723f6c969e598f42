-- How and when the owner was told of each request, and when they called back (worker/notify/).
-- The e-mail from the visitor's browser (EmailJS) stays in email/email_at; the host's own e-mail, sent by the
-- Cron Trigger when the browser's did not go out, is tried with backoff until it is sent.
ALTER TABLE requests ADD COLUMN host_email_at TEXT;
ALTER TABLE requests ADD COLUMN host_email_tries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE requests ADD COLUMN host_email_next_at TEXT;
ALTER TABLE requests ADD COLUMN host_email_note TEXT;
-- When a push about the request reached the push service for at least one of the owner's devices.
ALTER TABLE requests ADD COLUMN pushed_at TEXT;
-- When the owner marked the request called, and when the one reminder push went out.
ALTER TABLE requests ADD COLUMN called_at TEXT;
ALTER TABLE requests ADD COLUMN reminded_at TEXT;

CREATE INDEX requests_waiting_for_host_email ON requests (email, host_email_at);

-- The owner's devices that take push notifications, one row per push subscription (endpoint and keys).
CREATE TABLE push_subscriptions (
  endpoint TEXT PRIMARY KEY NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  -- The device as the owner's browser names it, to tell several apart in the Leads view.
  device TEXT,
  created_at TEXT NOT NULL,
  last_push_at TEXT
);
