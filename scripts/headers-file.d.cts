export interface HeaderRule {
  path: string
  pattern: RegExp
  headers: [string, string][]
}

export function parseHeadersFile(source: string): HeaderRule[]

export function headersFor(
  rules: HeaderRule[],
  pathname: string,
  initial?: Record<string, string>,
): Record<string, string>
