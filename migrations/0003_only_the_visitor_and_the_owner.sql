-- Only the visitor and the owner touch a lead (worker/inbox/): each request keeps the SHA-256 hash of the secret
-- the visitor's browser made with it; a repeat post or an update changes the row only when it shows that secret.
-- Rows stored before this migration have none, and no post can change them.
ALTER TABLE requests ADD COLUMN secret_hash TEXT;

-- The host's own values, made on first use: the salt of the address hashes (worker/inbox/rate-limit.ts).
CREATE TABLE host_values (
  name TEXT PRIMARY KEY NOT NULL,
  value TEXT NOT NULL
);

-- The rate limit: senders (0001) now counts each network, an IPv4 address or an IPv6 /64, and this table the
-- posts of the whole site per day (UTC) against its daily ceiling; when the ceiling first turned a post away
-- that day, the owner was told (ceiling_told_at).
CREATE TABLE site_posts (
  day TEXT PRIMARY KEY NOT NULL,
  posts INTEGER NOT NULL DEFAULT 0,
  ceiling_told_at TEXT
);

-- The Leads view's pages, newest first, then by reference, and what its first page counts over every request,
-- each read from an index, so the list stays quick with 100,000 rows (docs/performance.md › The Leads API).
CREATE INDEX requests_by_received_ref ON requests (received_at DESC, ref DESC);
CREATE INDEX requests_by_month ON requests (substr(received_at, 1, 7));
CREATE INDEX requests_by_page ON requests (page_path);
CREATE INDEX requests_called ON requests (received_at) WHERE called_at IS NOT NULL;
CREATE INDEX requests_host_email_failing ON requests (received_at)
  WHERE host_email_at IS NULL AND host_email_note IS NOT NULL;
