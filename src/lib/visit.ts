/*
 * The estimate visit in words, from data/business.json › visit: what is looked at always, and how long it
 * takes and who comes only once the owner has said so. Nothing stands in for a missing fact.
 */
import { listPhrase } from "./page-copy"

export interface VisitFacts {
  checks: readonly string[]
  quoteIncludes: string
  lengthMinutes?: number | null
  whoComes?: string | null
}

/** 30 → "30 minutes", 60 → "an hour", 90 → "an hour and a half", 120 → "2 hours", 150 → "2 hours 30 minutes". */
export function durationPhrase(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (hours === 0) return `${minutes} minutes`
  const whole = hours === 1 ? "an hour" : `${hours} hours`
  if (rest === 0) return whole
  if (rest === 30 && hours === 1) return "an hour and a half"
  return `${whole} ${rest} minutes`
}

const sentence = (words: string) =>
  `${words.charAt(0).toUpperCase()}${words.slice(1)}${/[.!?]$/.test(words) ? "" : "."}`

/** What the visit step says: who comes and for how long when set, then what is looked at. */
export function visitLine({ checks, lengthMinutes, whoComes }: VisitFacts): string {
  return [
    whoComes && `Who comes: ${sentence(whoComes.replace(/[.,;\s]+$/, ""))}`,
    lengthMinutes && `The visit takes about ${durationPhrase(lengthMinutes)}.`,
    sentence(`we look at ${listPhrase(checks)}`),
  ]
    .filter(Boolean)
    .join(" ")
}

/** What the written quote lists, as the quote step says it. */
export const quoteLine = ({ quoteIncludes }: VisitFacts): string => sentence(quoteIncludes)
