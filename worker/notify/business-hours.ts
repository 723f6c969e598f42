/*
 * Time within the business's opening hours (data/business.json › hours), on the business's own clock: the
 * reminder waits for an hour of it, so a request sent in the evening is chased an hour into the next working
 * day, not at night. Workers run in UTC; Intl gives the zone's wall clock, which is all the hours are written in.
 */
import business from "../../data/business.json"

/** The business is in Utah (business.json › addressRegion "UT"); its hours are read on Utah's clock. */
export const BUSINESS_TIME_ZONE = "America/Denver"

export type OpeningHours = readonly { days: readonly string[]; opens: string; closes: string }[]

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
const DAY = 86_400_000

/** The instant as the zone's wall clock, written as milliseconds as if that clock were UTC. */
function wallClock(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant)
  const part = (type: string) => Number(parts.find(each => each.type === type)?.value)
  const seconds = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"))
  return seconds + instant.getUTCMilliseconds()
}

const weekdayOf = (day: number) => WEEKDAYS[new Date(day).getUTCDay()]

/** "07:30" → the milliseconds after midnight. */
const sinceMidnight = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number)
  return (hours * 60 + minutes) * 60_000
}

/** Milliseconds of opening hours between two instants (a change of clocks in the night is outside them). */
export function openMillisBetween(
  from: Date,
  to: Date,
  hours: OpeningHours = business.hours,
  timeZone = BUSINESS_TIME_ZONE,
): number {
  const start = wallClock(from, timeZone)
  const end = wallClock(to, timeZone)
  let open = 0
  for (let day = start - (start % DAY); day < end; day += DAY) {
    for (const entry of hours.filter(each => each.days.includes(weekdayOf(day)))) {
      const opens = Math.max(day + sinceMidnight(entry.opens), start)
      const closes = Math.min(day + sinceMidnight(entry.closes), end)
      if (closes > opens) open += closes - opens
    }
  }
  return open
}

/** Whether the business is open at the instant. */
export function isOpenAt(instant: Date, hours: OpeningHours = business.hours, timeZone = BUSINESS_TIME_ZONE): boolean {
  const clock = wallClock(instant, timeZone)
  const day = clock - (clock % DAY)
  return hours.some(
    entry =>
      entry.days.includes(weekdayOf(day)) &&
      clock >= day + sinceMidnight(entry.opens) &&
      clock < day + sinceMidnight(entry.closes),
  )
}
