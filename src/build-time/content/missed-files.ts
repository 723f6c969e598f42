/*
 * A second look for `gatsby develop` at the files the owner writes: gatsby-source-filesystem hears of a new or
 * changed file from chokidar, and chokidar can lose one. An event that comes while it re-reads a folder is held
 * for one more read once that read ends, but when the read takes longer than its one-second throttle, as while
 * the development server is busy with a photo or a rebuild, the held event is dropped, and a file added in that
 * moment never becomes a node (chokidar issue 685). The server then shows the content as it was until it is
 * restarted: in the local tools' browser test, a review saved from /admin/ just after a project with a photo had
 * no File node two minutes later in 2 of 5 runs on a busy machine, though the file was on disk.
 *
 * So the development server also watches the content's folders with Node's own recursive watcher, which drops
 * nothing, and a moment after a file is written or removed compares it with Gatsby's File nodes: a file with no
 * node, or whose content is not its node's, gets its time set anew, and so does the folder of a removed file that
 * still has one; either makes chokidar read the folder again and report the file. Each file is nudged a few times
 * at most, and nothing is done where Gatsby has it as it is. A folder that cannot be watched (the system's limit
 * of watchers reached) is said in the terminal, and the server runs on without the second look there.
 */
import crypto from "node:crypto"
import fs from "node:fs"
import path from "node:path"

/** What the check needs of a File node: gatsby-source-filesystem's digest is the file's MD5 in hex. */
export interface FileNodeLike {
  absolutePath?: unknown
  internal: { contentDigest: string }
}

/** What an editor keeps beside the content (swap files, backups, .DS_Store), which may have no node. */
const unwatched = (file: string) => /^\.|~$/.test(path.basename(file))

/**
 * The files among `files` that Gatsby has no File node for, or whose node holds other content, and those removed
 * that still have one.
 */
export function missedFiles(files: Iterable<string>, nodes: FileNodeLike[]): string[] {
  const digests = new Map(nodes.map(node => [String(node.absolutePath), node.internal.contentDigest]))
  return [...new Set(files)].filter(file => {
    if (unwatched(file)) return false
    const digest = digests.get(file)
    try {
      if (!fs.statSync(file).isFile()) return false
      // A file with no node is missed whatever it holds: a new photo is not read for nothing.
      if (digest === undefined) return true
      return digest !== crypto.createHash("md5").update(fs.readFileSync(file)).digest("hex")
    } catch {
      return digest !== undefined
    }
  })
}

export interface MissedFilesWatch {
  /** The content's folders, as gatsby-source-filesystem is given them. */
  dirs: string[]
  /** Gatsby's File nodes as they are now. */
  fileNodes: () => FileNodeLike[]
  /** How long after the last write the files are compared with the nodes. */
  settleMs?: number
  /** How many times one file is nudged before it is left to the owner's next save. */
  tries?: number
  /** Told of each nudge, so the terminal says why the page changed a moment late. */
  onNudge?: (file: string, attempt: number) => void
  /**
   * Told when a folder cannot be watched (the system's limit of watchers reached, say): the server runs on with
   * chokidar's watch alone there.
   */
  onUnwatched?: (dir: string, error: unknown) => void
}

/** Sets the time of the file, or of its folder when it is gone: chokidar reads the folder again either way. */
const nudge = (file: string) => {
  const now = new Date()
  fs.utimesSync(fs.existsSync(file) ? file : path.dirname(file), now, now)
}

/** Watches `dirs` until the returned function is called; see the file's header. */
export function watchForMissedFiles({
  dirs,
  fileNodes,
  settleMs = 2_000,
  tries = 3,
  onNudge,
  onUnwatched,
}: MissedFilesWatch) {
  const pending = new Set<string>()
  const nudged = new Map<string, number>()
  /** After a nudge, when the file is looked at next: Gatsby may still be taking it in. */
  const notBefore = new Map<string, number>()
  let timer: NodeJS.Timeout | undefined

  /** Looks `settleMs` after the last write, or at the first pending file's next look if that is later. */
  const schedule = () => {
    clearTimeout(timer)
    if (pending.size === 0) return
    const next = Math.min(...[...pending].map(file => notBefore.get(file) ?? 0))
    timer = setTimeout(check, Math.max(settleMs, next - Date.now()))
    timer.unref()
  }

  const check = () => {
    const now = Date.now()
    const due = [...pending].filter(file => (notBefore.get(file) ?? 0) <= now)
    for (const file of due) pending.delete(file)
    const missed = missedFiles(due, fileNodes())
    const missedSet = new Set(missed)
    // A file Gatsby has as it is starts its count again.
    for (const file of due.filter(each => !missedSet.has(each))) {
      nudged.delete(file)
      notBefore.delete(file)
    }
    for (const file of missed) {
      const attempt = (nudged.get(file) ?? 0) + 1
      if (attempt > tries) {
        // Left to the owner's next save, which starts the count again (below).
        notBefore.delete(file)
        continue
      }
      nudged.set(file, attempt)
      try {
        nudge(file)
      } catch {
        continue
      }
      onNudge?.(file, attempt)
      // Each look after a nudge waits twice as long as the one before.
      notBefore.set(file, now + settleMs * 2 ** attempt)
      pending.add(file)
    }
    schedule()
  }

  const heard = (dir: string, name: string | Buffer | null) => {
    if (!name) return
    const file = path.join(dir, String(name))
    // A write that is not a nudge's own (nudged files wait for their next look) starts the count again.
    if (!notBefore.has(file)) nudged.delete(file)
    pending.add(file)
    schedule()
  }

  // A watch that cannot start, or fails later, never stops the development server.
  const watchers = dirs
    .filter(dir => fs.existsSync(dir))
    .flatMap(dir => {
      try {
        const watcher = fs.watch(dir, { recursive: true, persistent: false }, (_event, name) => heard(dir, name))
        watcher.on("error", error => {
          watcher.close()
          onUnwatched?.(dir, error)
        })
        return [watcher]
      } catch (error) {
        onUnwatched?.(dir, error)
        return []
      }
    })

  return () => {
    clearTimeout(timer)
    for (const watcher of watchers) watcher.close()
  }
}
