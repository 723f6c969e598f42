/*
 * Why choose us, data/reasons.json's `reasons`: the three reasons on city pages. Their words may name the
 * business's promises in braces, filled in from data/business.json.
 */
import type { ListType } from "../declaration"
import { entry, paragraph, text } from "../schema-builders"
import { TEXT_FACTS } from "../../facts"

export const reasons: ListType = {
  file: "reasons.json",
  key: "reasons",
  noun: "reason",
  display: "title",
  schema: entry("ReasonsJson", { title: text({ facts: TEXT_FACTS }), description: paragraph({ facts: TEXT_FACTS }) }),
  editor: { label: "Why choose us (reasons)", preview: false, summary: "{{fields.title}}" },
}
