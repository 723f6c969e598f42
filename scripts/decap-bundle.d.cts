export const VERSION: string
export const INTEGRITY: string
export const BUNDLE_FOLDER: string

export function ensureDecapBundle(): string

export function bundleFiles(dir: string): string[]
