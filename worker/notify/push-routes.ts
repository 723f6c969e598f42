/* Placeholder until the owner's push lands (issue 51 › 2). */
import type { Route } from "../env"

export const pushRoutes: Route[] = []
