import type { Server } from "node:http"

export function allowedHostNames(host: string): Set<string>
export function hostNameOf(header: string | undefined): string
export function guardHost(options: { host: string; port: number; target: number }): Promise<Server>
