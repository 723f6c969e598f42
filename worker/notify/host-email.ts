/* Placeholder until the host's e-mail lands (issue 51 › 3). */
import type { Env } from "../env"

export async function emailWaitingRequests(_env: Env, _now: Date): Promise<void> {}
