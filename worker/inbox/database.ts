/*
 * The part of Cloudflare D1's binding the inbox uses (the host's types package is not a dependency of the
 * site), and the environment its handlers read: the database bound as DB, and the owner's settings.
 */
export interface D1Result<Row> {
  results: Row[]
  meta: { changes: number }
}

export interface D1PreparedStatement {
  bind: (...values: unknown[]) => D1PreparedStatement
  first: <Row = Record<string, unknown>>() => Promise<Row | null>
  all: <Row = Record<string, unknown>>() => Promise<D1Result<Row>>
  run: () => Promise<D1Result<never>>
}

export interface D1Database {
  prepare: (query: string) => D1PreparedStatement
  batch: (statements: D1PreparedStatement[]) => Promise<D1Result<unknown>[]>
}

export interface InboxEnv {
  /** The database (wrangler.jsonc, docs/deploying.md); without it the site works as before, by e-mail alone. */
  DB?: D1Database
  /** Posts one sender (an IPv4 address, an IPv6 /64) may make in an hour; 20 unless set. */
  INBOX_POSTS_PER_HOUR?: string
  /** Posts the whole site takes in a day (UTC) before it turns them to the e-mail path; 200 unless set. */
  INBOX_POSTS_PER_DAY?: string
  /** How many months a request is kept, 1 to 120; 24 unless set (wrangler.jsonc's vars, read by the privacy page too). */
  LEADS_RETENTION_MONTHS?: string
}

/** A whole number from a setting, or the default when it is unset or not one. */
export function setting(value: string | undefined, fallback: number): number {
  const parsed = Number(value)
  return value !== undefined && value.trim() !== "" && Number.isInteger(parsed) && parsed >= 0 ? parsed : fallback
}
