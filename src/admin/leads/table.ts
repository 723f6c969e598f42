/*
 * A table of stored requests in the Leads view (index.ts): each row with its reference as its id, so the
 * host's e-mail can link straight to it, how and when the owner was told, and the Called and Delete buttons.
 */
import { el, wrap } from "./dom"
import { describeLead, type LeadRow } from "./rows"
import { calledLine, toldLine } from "./told"

export interface RowActions {
  /** Marks the request called (the row's called_at then set); resolves to the host's refusal in words, if any. */
  called: (row: LeadRow) => Promise<string | null>
  forget: (row: LeadRow) => void
}

function calledCell(row: LeadRow, actions: RowActions) {
  const cell = el("td", calledLine(row))
  if (row.called_at || row.spam === "bot") return cell
  const button = el("button", "Called", { type: "button" })
  button.addEventListener("click", async () => {
    button.disabled = true
    const refusal = await actions.called(row)
    button.disabled = false
    cell.replaceChildren(...(refusal === null ? [calledLine(row)] : [button, el("p", refusal)]))
  })
  cell.append(button)
  return cell
}

export function leadsTable(rows: LeadRow[], actions: RowActions): HTMLTableElement {
  const head = el("tr")
  for (const title of [
    "Reference",
    "Received",
    "Page",
    "Name",
    "Phone",
    "Details",
    "E-mail",
    "Told",
    "Called",
    "Spam",
    "",
  ])
    head.append(el("th", title, { scope: "col" }))
  const body = rows.map(row => {
    const lead = describeLead(row)
    const tr = el("tr", "", { id: row.ref, "data-ref": row.ref })
    tr.append(el("td", row.ref), el("td", lead.received), el("td", row.page_path), el("td", row.name))
    tr.append(wrap("td", el("a", row.phone, { href: lead.telHref })))
    tr.append(el("td", lead.details), el("td", lead.email), el("td", toldLine(row)), calledCell(row, actions))
    tr.append(el("td", lead.spam))
    const remove = el("button", "Delete", { type: "button" })
    remove.addEventListener("click", () => actions.forget(row))
    tr.append(wrap("td", remove))
    return tr
  })
  const table = el("table")
  table.append(wrap("thead", head), wrap("tbody", ...body))
  return table
}
