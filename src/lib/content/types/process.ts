/*
 * How the work goes, data/process.json's `steps`: the home page's numbered steps.
 */
import type { ListType } from "../declaration"
import { entry, numeric, paragraph, text } from "../schema-builders"

export const processSteps: ListType = {
  file: "process.json",
  key: "steps",
  noun: "step",
  display: "title",
  schema: entry("ProcessJson", {
    number: numeric({ min: 1, integer: true }),
    title: text(),
    description: paragraph(),
  }),
  editor: { label: "How the work goes (steps)", preview: false, summary: "{{fields.number}}. {{fields.title}}" },
}
