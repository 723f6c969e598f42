-- The estimate inbox: one row per request, keyed by its reference, so a repeat updates the row it made.
CREATE TABLE requests (
  ref TEXT PRIMARY KEY NOT NULL,
  -- When the inbox first and last heard of it (UTC, ISO 8601), and the visitor's own words for when they sent it.
  received_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  sent_at TEXT NOT NULL,
  page_title TEXT NOT NULL,
  page_path TEXT NOT NULL,
  name TEXT NOT NULL,
  phone TEXT NOT NULL,
  -- The follow-up details, when the visitor gives them.
  project TEXT,
  size TEXT,
  timing TEXT,
  -- The honeypot's verdict (src/lib/estimate/honeypot.ts): empty, possible-spam or bot.
  spam TEXT NOT NULL DEFAULT 'empty' CHECK (spam IN ('empty', 'possible-spam', 'bot')),
  -- The owner's e-mail: pending until the browser reports the mail service's answer, then sent or failed.
  email TEXT NOT NULL DEFAULT 'pending' CHECK (email IN ('pending', 'sent', 'failed')),
  email_note TEXT,
  email_at TEXT
);

CREATE INDEX requests_by_received ON requests (received_at);

-- The rate limit: posts per sender per hour, the sender's address kept only as a salted hash.
CREATE TABLE senders (
  sender_hash TEXT NOT NULL,
  hour TEXT NOT NULL,
  posts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (sender_hash, hour)
);
