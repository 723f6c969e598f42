/*
 * The one reminder push (issue 51 › 4): a request a person sent that the owner has not marked called an hour
 * of opening hours after it arrived (business-hours.ts) is pushed to the owner's devices once, during opening
 * hours. The mark is kept once a device has it, or at once where no push is set up, so nothing is tried forever.
 */
import business from "../../data/business.json"
import type { Env } from "../env"
import { BUSINESS_TIME_ZONE, isOpenAt, openMillisBetween, type OpeningHours } from "./business-hours"
import { hasPushKeys, pushToOwner, type PushMessage } from "./push"
import { businessTime, placeOf } from "./request-push"

/** Minutes of opening hours a request may wait for the owner's call before the reminder. */
export const REMIND_AFTER_MINUTES = 60
/** Older requests are not chased: over a weekend and a holiday, then the Leads view is the place to look. */
export const REMIND_WITHIN_DAYS = 4
const BATCH = 20
const MINUTE = 60_000

interface Uncalled {
  ref: string
  received_at: string
  page_title: string
  page_path: string
}

/** As the request's own push (request-push.ts), the lock screen shows where and when, never who or their number. */
export const reminderMessage = async (row: Uncalled): Promise<PushMessage> => ({
  title: `Not called back yet: ${await placeOf(row.page_path, row.page_title)}`,
  body: `The request of ${businessTime(new Date(row.received_at))} is not marked called. Tap to open it and call.`,
  ref: row.ref,
  tag: `reminder-${row.ref}`,
})

/** How many of the owner's devices the reminder reached; a failure is logged and counts as none. */
async function pushed(env: Env, row: Uncalled): Promise<number> {
  try {
    return (await pushToOwner(env, await reminderMessage(row))).delivered
  } catch (error) {
    console.error(`The reminder for request ${row.ref} was not pushed:`, error)
    return 0
  }
}

/** The business's hours and clock; a test passes its own. */
export interface HoursSetting {
  hours?: OpeningHours
  timeZone?: string
}

/** Pushes the reminder for each request due one; resolves to how many reached a device. */
export async function remindUncalled(
  env: Env,
  now: Date,
  { hours = business.hours, timeZone = BUSINESS_TIME_ZONE }: HoursSetting = {},
): Promise<number> {
  const db = env.DB
  if (!db || !isOpenAt(now, hours, timeZone)) return 0
  const { results } = await db
    .prepare(
      `SELECT ref, received_at, page_title, page_path FROM leads
       WHERE called_at IS NULL AND reminded_at IS NULL AND spam <> 'bot' AND received_at <= ?1 AND received_at >= ?2
       ORDER BY received_at LIMIT ?3`,
    )
    .bind(
      new Date(now.getTime() - REMIND_AFTER_MINUTES * MINUTE).toISOString(),
      new Date(now.getTime() - REMIND_WITHIN_DAYS * 24 * 60 * MINUTE).toISOString(),
      BATCH,
    )
    .all<Uncalled>()
  const pushSetUp = hasPushKeys(env)
  let reminded = 0
  for (const row of results) {
    if (openMillisBetween(new Date(row.received_at), now, hours, timeZone) < REMIND_AFTER_MINUTES * MINUTE) continue
    const delivered = pushSetUp ? await pushed(env, row) : 0
    // Tried again on the next run while the push is set up and no device has had it.
    if (pushSetUp && delivered === 0) continue
    await db
      .prepare("UPDATE leads SET reminded_at = ? WHERE ref = ? AND reminded_at IS NULL")
      .bind(now.toISOString(), row.ref)
      .run()
    if (delivered > 0) reminded += 1
  }
  return reminded
}
