/*
 * The push each new request sends the owner's phones (push.ts), after the visitor has the inbox's answer. A
 * lock screen is read by whoever holds the phone, so it says what the visitor was looking at (the service or
 * the city of the page, in the site's own names from data/) and when, never the visitor's name or phone; a tap
 * opens the request in the Leads view, where both are, with its call button.
 */
import counties from "../../data/counties.json"
import servicePages from "../../data/service-pages.json"
import services from "../../data/services.json"
import { paths } from "../../src/lib/paths"
import type { Env } from "../env"
import { BUSINESS_TIME_ZONE } from "./business-hours"
import { pushToOwner, type PushMessage } from "./push"

export interface RequestFacts {
  ref: string
  received_at: string
  page_title: string
  page_path: string
  spam: string
}

const names = (entries: { slug: string; name?: string; title?: string }[]) =>
  new Map(entries.map(entry => [entry.slug, entry.name ?? entry.title ?? entry.slug]))
// A service page's own name first, the service's card title for a service without a page.
const serviceNames = new Map([...names(services.services), ...names(servicePages.pages)])
const countyNames = names(counties.counties)

/** The slug in `path` when it is a path `pathOf` makes (paths.ts, the one source of the site's paths). */
function slugIn(pathOf: (slug: string) => string, path: string): string | undefined {
  const [before, after] = pathOf("\0").split("\0")
  if (!path.startsWith(before) || !path.endsWith(after)) return undefined
  const slug = path.slice(before.length, path.length - after.length)
  return /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? slug : undefined
}

/** A city's name from its own file in data/cities/ (the Worker's bundle holds each), or undefined. */
async function cityName(slug: string): Promise<string | undefined> {
  try {
    const city = (await import(`../../data/cities/${slug}.json`)) as { default?: { name?: unknown }; name?: unknown }
    const name = city.default?.name ?? city.name
    return typeof name === "string" ? name : undefined
  } catch {
    return undefined
  }
}

/** What the visitor was looking at: a service, a city or a county by its name, else the page's own title. */
export async function placeOf(pagePath: string, pageTitle: string): Promise<string> {
  const path = pagePath.endsWith("/") ? pagePath : `${pagePath}/`
  const service = slugIn(paths.service, path) ?? slugIn(paths.projectsOfService, path)
  if (service && serviceNames.has(service)) return serviceNames.get(service)!
  const county = slugIn(paths.projectsInCounty, path)
  if (county && countyNames.has(county)) return countyNames.get(county)!
  const city = slugIn(paths.city, path)
  const name = city ? await cityName(city) : undefined
  if (name) return name
  // The page title ends in " | " and the business's name (src/lib/page-title.ts); the page's words come first.
  return pageTitle.split(" | ")[0].trim().slice(0, 60) || "the website"
}

/** "Fri 3:05 PM MST": the day and the time on the business's clock. */
export const businessTime = (date: Date) =>
  date.toLocaleString("en-US", {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: BUSINESS_TIME_ZONE,
    timeZoneName: "short",
  })

/** The push of one request, as the lock screen shows it. */
export async function requestMessage(request: RequestFacts): Promise<PushMessage> {
  const place = await placeOf(request.page_path, request.page_title)
  const spam = request.spam === "possible-spam" ? " (possible spam)" : ""
  return {
    title: `New estimate request: ${place}${spam}`,
    body: `${businessTime(new Date(request.received_at))}. Tap to open it and call back.`,
    ref: request.ref,
    tag: `request-${request.ref}`,
  }
}

/** Tells the owner's phones of the request `ref`, once; a bot's request tells nobody. Never throws. */
export async function notifyOwnerOfLead(env: Env, ref: string): Promise<void> {
  try {
    if (!env.DB) return
    const request = await env.DB.prepare(
      "SELECT ref, received_at, page_title, page_path, spam FROM leads WHERE ref = ? AND pushed_at IS NULL",
    )
      .bind(ref)
      .first<RequestFacts>()
    if (!request || request.spam === "bot") return
    const { delivered } = await pushToOwner(env, await requestMessage(request))
    if (delivered > 0)
      await env.DB.prepare("UPDATE leads SET pushed_at = ? WHERE ref = ?").bind(new Date().toISOString(), ref).run()
  } catch (error) {
    // Runs after the visitor's answer: nobody waits on it, so the host's log is where a failure is told.
    console.error(`The push of request ${ref} failed:`, error)
  }
}
