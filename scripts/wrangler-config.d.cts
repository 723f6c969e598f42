// Types of wrangler-config.cjs: the parts of wrangler.jsonc the scripts and tests read.
export interface WranglerConfig {
  name: string
  main: string
  compatibility_date: string
  assets: { directory: string; binding: string; run_worker_first: string[]; [setting: string]: unknown }
  d1_databases: { binding: string; database_name: string; database_id: string; migrations_dir: string }[]
  env: Record<string, { d1_databases?: unknown[]; [setting: string]: unknown }>
  vars?: Record<string, string>
  [setting: string]: unknown
}
export const CONFIG: string
export function readWranglerConfig(file?: string): WranglerConfig
