/*
 * A reader of the host's e-mail as the owner's mail program would read it (worker/notify/mime.ts writes it):
 * the headers unfolded with their RFC 2047 words decoded, and each part of the multipart/alternative body
 * decoded from base64, so a test asserts what the owner reads, not how it was encoded.
 */

export interface ReadMail {
  headers: Record<string, string>
  parts: { type: string; body: string }[]
}

const utf8 = (base64: string) => Buffer.from(base64, "base64").toString("utf8")

const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?B\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_word, text: string) => utf8(text))

function headersOf(block: string): Record<string, string> {
  const unfolded = block.replace(/\r\n[ \t]/g, " ")
  return Object.fromEntries(
    unfolded.split("\r\n").map(line => {
      const colon = line.indexOf(":")
      return [line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim())]
    }),
  )
}

export function readMail(raw: string): ReadMail {
  const [head, ...rest] = raw.split("\r\n\r\n")
  const headers = headersOf(head)
  const boundary = /boundary="([^"]+)"/.exec(headers["content-type"] ?? "")?.[1]
  if (!boundary) throw new Error("The message is not multipart.")
  const parts = rest
    .join("\r\n\r\n")
    .split(`--${boundary}`)
    .slice(1, -1)
    .map(part => {
      const [partHead, body] = part.replace(/^\r\n/, "").split("\r\n\r\n")
      const partHeaders = headersOf(partHead)
      if (partHeaders["content-transfer-encoding"] !== "base64") throw new Error("A part is not in base64.")
      return { type: partHeaders["content-type"], body: utf8(body.replace(/\s+/g, "")) }
    })
  return { headers, parts }
}
