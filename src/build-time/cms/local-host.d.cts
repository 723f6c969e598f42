export const LOOPBACK: string
export const DEVELOP_PORT: number
export const LOCAL_BACKEND_PORT: number

export function listenHost(env: NodeJS.ProcessEnv): string
export function isLoopback(host: string): boolean
export function adminAddress(host: string): string
export function backendEnv(host: string, port: number): Record<string, string>
export function localBackend(host: string): { url: string; allowed_hosts?: string[] }
