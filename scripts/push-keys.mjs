/*
 * `npm run push-keys`: a new pair of VAPID keys (RFC 8292, ECDSA on P-256) for the pushes to the owner's phones
 * (worker/notify/push.ts), in the form the push library reads: the public key as the 65 bytes of its point, the
 * private key as its 32-byte scalar (a JWK's "d"), both base64url. Printed, never written to a file, with how
 * to hand them to the Worker as secrets. New keys end every device's subscription: each presses "Notify this
 * phone" again.
 */
import fs from "node:fs"

const business = JSON.parse(fs.readFileSync(new URL("../data/business.json", import.meta.url), "utf8"))
const base64url = bytes => Buffer.from(bytes).toString("base64url")

const { publicKey, privateKey } = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
  "sign",
  "verify",
])
const point = base64url(await crypto.subtle.exportKey("raw", publicKey))
const { d } = await crypto.subtle.exportKey("jwk", privateKey)

console.log(`VAPID_PUBLIC_KEY=${point}
VAPID_PRIVATE_KEY=${d}

Give them to the Worker as secrets (each command asks for the value; paste it):
  npx wrangler secret put VAPID_PUBLIC_KEY
  npx wrangler secret put VAPID_PRIVATE_KEY
For \`wrangler dev\`, put the two lines above in .dev.vars instead (git ignores it). Keep the private key
nowhere else.

Each push names the business as its sender, mailto:${business.email} (data/business.json › email). Apple's
push service refuses an address that is not real, and the deploy's launch check refuses a placeholder.`)
