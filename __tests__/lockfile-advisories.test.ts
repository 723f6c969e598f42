/**
 * @jest-environment node
 */
/*
 * No version on the project's own list of known-bad versions (lockfile-advisories.json, each entry with its
 * advisory and the day it was read) is in package-lock.json, so a future install cannot quietly bring one back.
 * `npm audit` cannot run where this project is built and tested, so the list is kept by hand
 * (docs/deploying.md › Build-time packages).
 */
import fs from "node:fs"
import path from "node:path"
import list from "./lockfile-advisories.json"

interface Advisory {
  package: string
  from: string
  below: string
  advisory: string
  read: string
}

interface Lockfile {
  packages: Record<string, { version?: string; link?: boolean }>
}

const advisories: Advisory[] = list.advisories
const lockfile: Lockfile = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../package-lock.json"), "utf8"))

/** A release's major, minor and patch; a pre-release counts as its release (the stricter reading). */
const parts = (version: string) => version.split(/[-+]/)[0].split(".").map(Number)

/** Negative, zero or positive as `a` comes before, with or after `b`. */
function compare(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)]
  for (let index = 0; index < 3; index++) if (x[index] !== y[index]) return (x[index] ?? 0) - (y[index] ?? 0)
  return 0
}

/** Every installed package of a lockfile (v2 or v3) that falls in an advisory's range, with where it sits. */
export function knownBad(lock: Lockfile, known: Advisory[]): string[] {
  const found: string[] = []
  for (const [where, entry] of Object.entries(lock.packages)) {
    const name = where.slice(where.lastIndexOf("node_modules/") + "node_modules/".length)
    if (!where || entry.link || !entry.version) continue
    for (const advisory of known)
      if (advisory.package === name && compare(entry.version, advisory.from) >= 0)
        if (compare(entry.version, advisory.below) < 0)
          found.push(`${where} ${entry.version}: ${advisory.advisory}, fixed in ${advisory.below}`)
  }
  return found
}

test("every entry names a package, a range, its advisory and the day it was read", () => {
  expect(advisories.length).toBeGreaterThan(0)
  for (const advisory of advisories) {
    expect(advisory.package).toMatch(/^(@[\w.-]+\/)?[\w.-]+$/)
    expect(advisory.from).toMatch(/^\d+\.\d+\.\d+$/)
    expect(advisory.below).toMatch(/^\d+\.\d+\.\d+$/)
    expect(compare(advisory.from, advisory.below)).toBeLessThan(0)
    expect(advisory.advisory).toMatch(/(GHSA-[\w-]+|CVE-\d{4}-\d+)/)
    expect(advisory.read).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(Date.parse(advisory.read)).toBeLessThanOrEqual(Date.now())
  }
})

test("finds a listed version wherever the lockfile nests it, and passes the fixed one", () => {
  const lock: Lockfile = {
    packages: {
      "": { version: "1.0.0" },
      "node_modules/sharp": { version: "0.34.5" },
      "node_modules/gatsby/node_modules/path-to-regexp": { version: "0.1.12" },
      "node_modules/express/node_modules/path-to-regexp": { version: "0.1.13" },
      "node_modules/miniflare/node_modules/ws": { version: "8.18.0" },
      "node_modules/lighthouse/node_modules/ws": { version: "7.5.14" },
    },
  }
  expect(knownBad(lock, advisories)).toEqual([
    expect.stringMatching(/^node_modules\/sharp 0\.34\.5: GHSA-f88m-g3jw-g9cj/),
    expect.stringMatching(/^node_modules\/gatsby\/node_modules\/path-to-regexp 0\.1\.12: CVE-2026-4867/),
    expect.stringMatching(/^node_modules\/miniflare\/node_modules\/ws 8\.18\.0: CVE-2026-45736/),
  ])
})

test("package-lock.json holds no version on the list", () => {
  expect(knownBad(lockfile, advisories)).toEqual([])
})
