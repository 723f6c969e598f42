/*
 * A stand-in push service for the Worker's tests (worker/notify/push.ts), which reads each push as a phone's
 * browser and its push service would: the VAPID token's signature and claims checked (RFC 8292), the body
 * decrypted with the device's own private key (RFC 8291's aes128gcm, in RFC 8188's records). Written with
 * node:crypto alone, so it shares no code with the library it checks.
 */
import crypto from "node:crypto"

export interface TestDevice {
  /** What the browser's PushSubscription.toJSON() gives, as the Leads view posts it. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
  ecdh: crypto.ECDH
  auth: Buffer
}

export interface VapidToken {
  claims: { aud: string; sub: string; exp: number }
  /** The public key the push was signed with (the `k` of the Authorization header). */
  key: string
}

export interface ReceivedPush {
  endpoint: string
  headers: Headers
  bodyBytes: number
  vapid: VapidToken
  /** The decrypted text. */
  text: string
}

/** A device with a P-256 key pair and a 16-byte auth secret, as a browser makes them on subscribe. */
export function makeDevice(endpoint: string): TestDevice {
  const ecdh = crypto.createECDH("prime256v1")
  ecdh.generateKeys()
  const auth = crypto.randomBytes(16)
  const keys = { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") }
  return { subscription: { endpoint, expirationTime: null, keys }, ecdh, auth }
}

/** VAPID keys in the form `npm run push-keys` prints: the public point and the private scalar, base64url. */
export async function makeVapidKeys(): Promise<{ VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string }> {
  const pair = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])
  const point = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey)).toString("base64url")
  const { d } = await crypto.subtle.exportKey("jwk", pair.privateKey)
  return { VAPID_PUBLIC_KEY: point, VAPID_PRIVATE_KEY: d ?? "" }
}

const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  Buffer.from(crypto.hkdfSync("sha256", ikm, salt, info, length))

/** The plaintext of an aes128gcm body (RFC 8188 › 2) for `device` (RFC 8291 › 3.3, 3.4); throws when it is not. */
export function decryptPush(body: Buffer, device: TestDevice): string {
  const salt = body.subarray(0, 16)
  const recordSize = body.readUInt32BE(16)
  const keyLength = body[20]
  const serverKey = body.subarray(21, 21 + keyLength)
  const ecdhSecret = device.ecdh.computeSecret(serverKey)
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), device.ecdh.getPublicKey(), serverKey])
  const ikm = hkdf(device.auth, ecdhSecret, keyInfo, 32)
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16)
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12)
  const records = body.subarray(21 + keyLength)
  const parts: Buffer[] = []
  for (let start = 0, sequence = 0; start < records.length; start += recordSize, sequence++) {
    const record = records.subarray(start, start + recordSize)
    // Each record's nonce is the base nonce XOR the record's number (here never more than its last 4 bytes hold).
    const iv = Buffer.from(nonce)
    iv.writeUInt32BE((iv.readUInt32BE(8) ^ sequence) >>> 0, 8)
    const decipher = crypto.createDecipheriv("aes-128-gcm", cek, iv)
    decipher.setAuthTag(record.subarray(record.length - 16))
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
    // The content, one delimiter (2 on the last record, 1 before it), then zeros.
    let end = padded.length - 1
    while (end >= 0 && padded[end] === 0) end--
    const last = start + recordSize >= records.length
    if (padded[end] !== (last ? 2 : 1)) throw new Error(`Record ${sequence} has no ${last ? "last " : ""}delimiter`)
    parts.push(padded.subarray(0, end))
  }
  return Buffer.concat(parts).toString("utf8")
}

/** The VAPID token of an Authorization header (`vapid t=…, k=…`), its ES256 signature checked against `k`. */
export function readVapid(authorization: string | null): VapidToken {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "")
  if (!match) throw new Error(`Not a VAPID Authorization header: ${authorization}`)
  const [, token, key] = match
  const [header, payload, signature] = token.split(".")
  const point = Buffer.from(key, "base64url")
  const publicKey = crypto.createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33).toString("base64url"),
    },
    format: "jwk",
  })
  const signed = Buffer.from(`${header}.${payload}`)
  const valid = crypto.verify(
    "sha256",
    signed,
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  )
  if (!valid) throw new Error("The VAPID token's signature does not match its key")
  if (JSON.parse(Buffer.from(header, "base64url").toString()).alg !== "ES256") throw new Error("Not ES256")
  return { claims: JSON.parse(Buffer.from(payload, "base64url").toString()), key }
}

/** The push service: its devices, the status it answers each with (201 unless set), and what it received. */
export class PushServiceStandIn {
  readonly devices = new Map<string, TestDevice>()
  readonly status = new Map<string, number>()
  readonly received: ReceivedPush[] = []

  constructor(readonly origin: string) {}

  addDevice(name: string): TestDevice {
    const device = makeDevice(`${this.origin}/push/${name}`)
    this.devices.set(device.subscription.endpoint, device)
    return device
  }

  async answer(request: Request): Promise<Response> {
    const device = this.devices.get(request.url)
    if (!device) return new Response("No such subscription", { status: 404 })
    const body = Buffer.from(await request.arrayBuffer())
    const vapid = readVapid(request.headers.get("Authorization"))
    const text = decryptPush(body, device)
    this.received.push({ endpoint: request.url, headers: request.headers, bodyBytes: body.length, vapid, text })
    return new Response(null, { status: this.status.get(request.url) ?? 201 })
  }

  /** The notifications received, as the service worker reads them (src/admin/leads/push-worker.ts). */
  messages(): { title: string; body: string; ref: string; tag?: string }[] {
    return this.received.map(push => JSON.parse(push.text))
  }
}
