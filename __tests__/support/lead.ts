/* A visitor's lead for the estimate's unit tests: one person, one reference, the page and time changed where a test reads them. */
import type { Lead } from "../../src/lib/estimate/lead"

export const testLead = (changes: Partial<Lead> = {}): Lead => ({
  ref: "K7F4XA",
  secret: "tHe-TesTs-0wn-s3cret_2",
  name: "Jane Doe",
  phone: "801-555-0100",
  pageTitle: "Concrete Contractor in Lehi, UT",
  pagePath: "/locations/lehi",
  sentAt: "2026-11-23T18:42:00.000Z",
  ...changes,
})
