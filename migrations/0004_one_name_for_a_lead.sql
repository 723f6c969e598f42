-- One name for a request from the table to the owner's view: the table is `leads`, as the Leads API, the
-- owner's Leads view and the code's types call it (src/lib/estimate/inbox-contract.ts › StoredLead). Its
-- indexes keep their names and follow it. The visitor's words ("estimate request") and the form's address
-- (/api/requests) stay.
ALTER TABLE requests RENAME TO leads;
