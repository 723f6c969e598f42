/*
 * Placeholder until the owner's push lands (issue 51 › 2): its real version, with the same signature, sends a
 * Web Push to each of the owner's devices and resolves to how many the push service accepted.
 */
import type { Env } from "../env"

export interface PushMessage {
  title: string
  body: string
  /** The request's reference: the notification opens the request in the Leads view. */
  ref: string
  /** Notifications with the same tag replace each other on the device. */
  tag?: string
}

export async function pushToOwner(_env: Env, _message: PushMessage): Promise<{ delivered: number }> {
  return { delivered: 0 }
}
