/*
 * The browser files' start order (__tests__/browser/sequencer.js) names every browser test file, so none starts
 * last by accident on a fresh clone, and the files that share a fixed port never start side by side.
 */
import fs from "node:fs"
import path from "node:path"

const { BROWSER_ORDER } = jest.requireActual<{ BROWSER_ORDER: string[] }>("./browser/sequencer")

const browserFiles = fs.readdirSync(path.join(__dirname, "browser")).filter(name => name.endsWith(".test.ts"))

test("the start order names every browser test file once, and only those", () => {
  expect([...BROWSER_ORDER].sort()).toEqual([...browserFiles].sort())
})

test("no two files on the same fixed port start one after the other", () => {
  // The content manager's files each run decap-server on its port. The estimate form's share the run's one
  // EmailJS stand-in, each in a session of its own (estimate-support.ts), so they may run side by side.
  const portOf = (name: string) => {
    const code = fs.readFileSync(path.join(__dirname, "browser", name), "utf8")
    return code.includes("runLocalBackendForFile(") ? "decap-server" : null
  }
  const neighbours = BROWSER_ORDER.slice(1).map((name, index) => [BROWSER_ORDER[index], name])
  expect(neighbours.filter(([a, b]) => portOf(a) !== null && portOf(a) === portOf(b))).toEqual([])
})
