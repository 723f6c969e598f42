/**
 * @jest-environment node
 */
/*
 * The development server's second look at the files the owner writes (src/build-time/content/missed-files.ts):
 * a file Gatsby has no File node for, or whose node holds other content, is touched so chokidar reports it, and
 * the folder of a removed file Gatsby still has; one Gatsby has as it is is left alone.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { missedFiles, watchForMissedFiles, type FileNodeLike } from "../src/build-time/content/missed-files"

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "missed-files-"))
  fs.mkdirSync(path.join(dir, "reviews"))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const md5 = (text: string) => crypto.createHash("md5").update(text).digest("hex")
const nodeOf = (file: string, content: string): FileNodeLike => ({
  absolutePath: file,
  internal: { contentDigest: md5(content) },
})
const write = (name: string, content: string) => {
  const file = path.join(dir, name)
  fs.writeFileSync(file, content)
  return file
}
const settle = (ms: number) => new Promise(resolve => setTimeout(resolve, ms))

test("a file with no node, whose node holds other content, or removed with its node kept is missed; a folder, a path with neither file nor node, an editor's own file or a known one is not", () => {
  const added = write("reviews/new.json", '{"name":"A."}')
  const swap = write("reviews/.new.json.swp", "")
  const backup = write("reviews/new.json~", "")
  const changed = write("reviews/changed.json", '{"name":"B. C."}')
  const known = write("reviews/known.json", '{"name":"D."}')
  const nodes = [nodeOf(changed, '{"name":"B."}'), nodeOf(known, '{"name":"D."}')]
  const gone = path.join(dir, "reviews/gone.json")
  const removed = path.join(dir, "reviews/removed.json")
  nodes.push(nodeOf(removed, "{}"))
  const files = [added, changed, known, gone, removed, path.join(dir, "reviews"), added, swap, backup]
  expect(missedFiles(files, nodes)).toEqual([added, changed, removed])
})

const SECOND_SAVE = '{"name":"A. B."}'
const THIRD_SAVE = '{"name":"A. B. C."}'

test("a file written under a watched folder with no node is touched, at most `tries` times a save, and one Gatsby has is not", async () => {
  const nudges: string[] = []
  const times: number[] = []
  const nodes: FileNodeLike[] = []
  const stop = watchForMissedFiles({
    dirs: [dir, path.join(dir, "not-there")],
    fileNodes: () => nodes,
    settleMs: 40,
    tries: 3,
    onNudge: file => {
      nudges.push(file)
      times.push(Date.now())
      // Gatsby takes the owner's second save in after its first nudge.
      if (nudges.length === 4) nodes.push(nodeOf(file, SECOND_SAVE))
    },
  })
  try {
    const known = path.join(dir, "reviews/known.json")
    nodes.push(nodeOf(known, "{}"))
    write("reviews/known.json", "{}")
    const missed = write("reviews/missed.json", '{"name":"A."}')
    const written = fs.statSync(missed).mtimeMs
    // Each touch is a write the watcher hears too, so the file comes back until its tries are spent.
    const end = Date.now() + 10_000
    while (nudges.length < 3 && Date.now() < end) await settle(20)
    await settle(500)
    expect(nudges).toEqual([missed, missed, missed])
    // Each look after a nudge waits twice as long as the one before: 80 ms, then 160 ms.
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(75)
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(155)
    expect(fs.statSync(missed).mtimeMs).toBeGreaterThanOrEqual(written)

    // The owner's next save of the file starts its count again; once Gatsby has it, the nudges stop.
    write("reviews/missed.json", SECOND_SAVE)
    while (nudges.length < 4 && Date.now() < end) await settle(20)
    await settle(500)
    expect(nudges).toHaveLength(4)

    // A save Gatsby has at once is left alone.
    nodes.push(nodeOf(missed, THIRD_SAVE))
    write("reviews/missed.json", THIRD_SAVE)
    await settle(300)
    expect(nudges).toHaveLength(4)
  } finally {
    stop()
  }
})

test("the folder of a removed file whose node Gatsby keeps is touched", async () => {
  const file = write("reviews/removed.json", "{}")
  const folder = path.dirname(file)
  const nudges: string[] = []
  const stop = watchForMissedFiles({
    dirs: [dir],
    fileNodes: () => [nodeOf(file, "{}")],
    settleMs: 40,
    tries: 1,
    onNudge: nudged => nudges.push(nudged),
  })
  try {
    fs.unlinkSync(file)
    // The removal set the folder's time; an older one shows the nudge.
    const before = new Date(2020, 0, 1)
    fs.utimesSync(folder, before, before)
    const end = Date.now() + 5_000
    while (nudges.length < 1 && Date.now() < end) await settle(20)
    expect(nudges).toEqual([file])
    expect(fs.statSync(folder).mtimeMs).toBeGreaterThan(before.getTime())
  } finally {
    stop()
  }
})

test("a folder the system cannot watch is said and left to chokidar, and the server runs on", () => {
  const limit = Object.assign(new Error("System limit for number of file watchers reached"), { code: "ENOSPC" })
  const watch = jest.spyOn(fs, "watch").mockImplementation(() => {
    throw limit
  })
  const unwatched: [string, unknown][] = []
  try {
    const stop = watchForMissedFiles({
      dirs: [dir],
      fileNodes: () => [],
      onUnwatched: (folder, error) => unwatched.push([folder, error]),
    })
    stop()
  } finally {
    watch.mockRestore()
  }
  expect(unwatched).toEqual([[dir, limit]])
})
