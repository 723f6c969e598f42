export const VERSION: string
export const INTEGRITY: string
export const BUNDLE_FOLDER: string
export const LOCAL_BACKEND_PORT: number

export function ensureDecapBundle(): string

export function bundleFiles(dir: string): string[]
