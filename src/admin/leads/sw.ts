/* /admin/leads/sw.js: the Leads app's service worker (push-worker.ts), bundled at build time. */
import { servePushes, type PushWorkerScope } from "./push-worker"

servePushes(self as unknown as PushWorkerScope)
