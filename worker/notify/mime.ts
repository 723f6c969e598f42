/*
 * An e-mail as the `send_email` binding takes it: RFC 5322 text holding a multipart/alternative of a plain-text
 * and an HTML part, both UTF-8 in base64, with the subject and the names in From and To as RFC 2047 encoded
 * words when they are not plain ASCII. Written by hand for the one message the host sends, so the Worker
 * carries no mail library; a visitor's name is in the subject, so nothing from it reaches a header raw.
 */

export interface MailAddress {
  address: string
  name?: string
}

export interface MailMessage {
  from: MailAddress
  to: MailAddress
  subject: string
  text: string
  html: string
  date: Date
  /** The id without its angle brackets, e.g. "7KCM9H.1764255900000@example.com". */
  messageId: string
}

const CRLF = "\r\n"

/** Base64 of the text's UTF-8 bytes (btoa takes one character per byte; Workers have no Buffer). */
const base64 = (text: string) =>
  btoa(Array.from(new TextEncoder().encode(text), byte => String.fromCharCode(byte)).join(""))

/** A body in base64, in lines of 76 characters as RFC 2045 asks. */
const base64Body = (text: string) => (base64(text).match(/.{1,76}/g) ?? []).join(CRLF)

/**
 * A header's words as RFC 2047 encoded words of at most 39 bytes of UTF-8 (64 characters, so the first fits
 * beside "Subject: " within 78), split between characters so no word ends inside one, each on a line of its own.
 */
function encodedWords(text: string): string {
  const words: string[] = []
  let word = ""
  for (const character of text) {
    if (new TextEncoder().encode(word + character).length > 39) {
      words.push(word)
      word = ""
    }
    word += character
  }
  if (word || words.length === 0) words.push(word)
  return words.map(each => `=?UTF-8?B?${base64(each)}?=`).join(`${CRLF} `)
}

// Printable ASCII that fits on a header line goes as it is; anything else (a line break included) is encoded.
const isPlain = (text: string) => /^[\x20-\x7e]*$/.test(text) && text.length <= 60

const headerText = (text: string) => (isPlain(text) ? text : encodedWords(text))

function mailbox({ address, name }: MailAddress): string {
  if (!/^[^\s<>@"]+@[^\s<>@"]+$/.test(address)) throw new Error(`"${address}" is not an e-mail address.`)
  if (!name) return address
  if (isPlain(name)) return `"${name.replace(/["\\]/g, "\\$&")}" <${address}>`
  return `${encodedWords(name)}${CRLF} <${address}>`
}

/** "Fri, 27 Nov 2026 22:05:00 +0000", RFC 5322's date. */
const mailDate = (date: Date) => date.toUTCString().replace(/GMT$/, "+0000")

const boundaryOf = () =>
  `=_${Array.from(crypto.getRandomValues(new Uint8Array(12)), byte => byte.toString(16).padStart(2, "0")).join("")}`

const part = (type: string, body: string) =>
  [`Content-Type: ${type}; charset=UTF-8`, "Content-Transfer-Encoding: base64", "", base64Body(body)].join(CRLF)

/** The whole message, with CRLF line ends, ready for `new EmailMessage(from, to, raw)`. */
export function mimeMessage(message: MailMessage): string {
  const boundary = boundaryOf()
  return [
    `From: ${mailbox(message.from)}`,
    `To: ${mailbox(message.to)}`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${mailDate(message.date)}`,
    `Message-ID: <${message.messageId}>`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    part("text/plain", message.text),
    `--${boundary}`,
    part("text/html", message.html),
    `--${boundary}--`,
    "",
  ].join(CRLF)
}
