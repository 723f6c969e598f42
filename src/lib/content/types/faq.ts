/*
 * The home page's questions and answers, data/faq.json's `questions`. An answer may name the business's
 * promises in braces, filled in from data/business.json: "{warrantyYears}-year".
 */
import type { ListType } from "../declaration"
import { entry, paragraph, text } from "../schema-builders"
import { TEXT_FACTS } from "../../facts"

export const faq: ListType = {
  file: "faq.json",
  key: "questions",
  noun: "question",
  display: "question",
  schema: entry("FaqJson", { question: text(), answer: paragraph({ facts: TEXT_FACTS }) }),
  editor: { label: "Questions and answers", preview: false, summary: "{{fields.question}}" },
}
