/*
 * `npm run bench -- --growth=0,50,200`: what the build costs as the owner's site grows. For each count of
 * photos, in a scratch copy of this checkout (never in data/), it writes that many sample jobs of six
 * 2000 × 1500 JPEG photos (the size the content manager saves), times a cold build (gatsby clean, then
 * build), publishes one more job of six and times the warm build that follows (the host's cache kept), and
 * reads the files published from the build's own count. Whole-process timings; Gatsby's image phase gives
 * the seconds per photo. --ref=<commit> runs the same steps on that commit's build too, turn about (its
 * "warm" build is its own deploy build: a cold one, when that commit's `npm run build` cleans first).
 * Prints a markdown table and writes it to bench/growth.md. A benchmark, not a test.
 */
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { spawn, spawnSync } from "node:child_process"
import { createRequire } from "node:module"
import { stripVTControlCharacters } from "node:util"
import { buildEnv } from "./emailjs-stand-in-env.mjs"
import { choose } from "../__tests__/fixtures/proof/make-proof.mjs"
import { option } from "./bench-options.mjs"

const root = process.cwd()
const require = createRequire(path.join(root, "package.json"))
const sharp = require("sharp")
const counts = (option("growth") ?? "0,50,200").split(",").map(Number)
const ref = option("ref")
const JOB = 6
const env = { ...buildEnv(), GATSBY_TELEMETRY_DISABLED: "1", SITE_PREVIEW: "1" }
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "bench-growth-"))
const loadAtStart = os.loadavg()[0]

/** A copy of this checkout as it is (uncommitted changes too), or a commit's tree; node_modules linked. */
function copyOfSite(name, commit) {
  const dir = path.join(scratch, name)
  if (commit) {
    const added = spawnSync("git", ["worktree", "add", "--detach", dir, commit], { stdio: "inherit" })
    if (added.status !== 0) throw new Error(`git worktree add ${commit} failed`)
  } else {
    const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root })
    for (const file of listed.stdout.toString().split("\0").filter(Boolean)) {
      if (!fs.existsSync(path.join(root, file))) continue
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
      fs.copyFileSync(path.join(root, file), path.join(dir, file))
    }
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir")
  return dir
}

/** A stand-in for a phone photo of a finished slab: sky, yard, slab, fine grain; each one different. */
async function drawPhoto(file, index) {
  const [width, height] = [2000, 1500]
  const hue = (index * 37) % 360
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="hsl(${hue},35%,72%)"/>
    <rect y="${height * 0.5}" width="100%" height="${height * 0.5}" fill="hsl(${(hue + 90) % 360},30%,40%)"/>
    <path d="M0 ${height * 0.62} L${width} ${height * 0.48} L${width} ${height} L0 ${height} Z" fill="hsl(${hue},6%,62%)"/>
    <text x="80" y="${height * 0.3}" font-family="sans-serif" font-size="90" fill="#1c1917">Sample job photo ${index + 1}</text>
  </svg>`
  const grain = await sharp({
    create: { width, height, channels: 3, noise: { type: "gaussian", mean: 128, sigma: 24 + (index % 7) } },
  })
    .png()
    .toBuffer()
  await sharp(Buffer.from(svg))
    .composite([{ input: grain, blend: "soft-light" }])
    .jpeg({ quality: 82 })
    .toFile(file)
}

/** Jobs of six photos holding `photos` in all (the last one maybe fewer), then `extra` jobs of six. */
const jobSizes = (photos, extra) => [
  ...Array.from({ length: Math.ceil(photos / JOB) }, (_, job) => Math.min(JOB, photos - job * JOB)),
  ...Array(extra).fill(JOB),
]

/** A fixed sequence of sample jobs, written into the copy's content folders in place of any before. */
async function writeJobs(dir, photos, poolDir, extra = 0) {
  const { withProjects, elsewhere, services } = choose()
  const projectsDir = path.join(dir, "data/projects")
  const imagesDir = path.join(dir, "src/images/projects")
  fs.rmSync(projectsDir, { recursive: true, force: true })
  fs.rmSync(imagesDir, { recursive: true, force: true })
  fs.mkdirSync(projectsDir, { recursive: true })
  fs.mkdirSync(imagesDir, { recursive: true })
  let next = 0
  for (const [job, size] of jobSizes(photos, extra).entries()) {
    const names = []
    for (let index = next; index < next + size; index++) {
      const name = `growth-${String(index + 1).padStart(4, "0")}.jpg`
      if (!fs.existsSync(path.join(poolDir, name))) await drawPhoto(path.join(poolDir, name), index)
      fs.copyFileSync(path.join(poolDir, name), path.join(imagesDir, name))
      names.push(name)
    }
    next += size
    const entry = {
      title: `Driveway and walk, job ${job + 1}`,
      service: services[job % services.length].slug,
      city: (job % 2 ? elsewhere : withProjects).slug,
      finished: `20${String(20 + (job % 6)).padStart(2, "0")}-${String((job % 12) + 1).padStart(2, "0")}`,
      description:
        "Tore out the cracked slab, compacted a new road-base layer and poured air-entrained concrete with a broom finish and saw-cut joints.",
      photos: names.map((name, index) => ({
        image: `projects/${name}`,
        alt: `Job ${job + 1}, view ${index + 1} of the finished driveway`,
        ...(index === 0 ? { before: true } : {}),
      })),
    }
    fs.writeFileSync(
      path.join(projectsDir, `growth-job-${String(job + 1).padStart(3, "0")}.json`),
      JSON.stringify(entry),
    )
  }
}

/** `gatsby build` in `dir`, timed as a whole process, with the figures its output gives. */
function build(dir) {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const child = spawn("npx", ["gatsby", "build"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    for (const stream of [child.stdout, child.stderr]) stream.on("data", chunk => (output += chunk))
    child.on("close", status => {
      const text = stripVTControlCharacters(output)
      if (status !== 0) return reject(new Error(`The build in ${dir} failed:\n${text.slice(-3000)}`))
      const images = /success Running gatsby-plugin-sharp\.IMAGE_PROCESSING jobs - ([\d.]+)s - (\d+)\/(\d+)/.exec(text)
      const files = /public\/ holds ([\d,]+) files/.exec(text)
      const room = /room for about ([\d,]+) more project photos at ([\d.]+) files each/.exec(text)
      resolve({
        seconds: (Date.now() - started) / 1000,
        imageSeconds: images ? Number(images[1]) : 0,
        imageJobs: images ? Number(images[3]) : 0,
        files: files ? Number(files[1].replace(/,/g, "")) : NaN,
        photosLeft: room ? Number(room[1].replace(/,/g, "")) : NaN,
        filesPerPhoto: room ? Number(room[2]) : NaN,
      })
    })
  })
}

const variants = [{ name: "this checkout", dir: copyOfSite("this") }]
if (ref) {
  const dir = copyOfSite("ref", ref)
  const { scripts } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"))
  variants.push({ name: ref, dir, cleansFirst: /gatsby clean/.test(scripts.build) })
}
const poolDir = path.join(scratch, "photos")
fs.mkdirSync(poolDir)
const results = []
try {
  for (const photos of counts)
    for (const variant of photos === counts[0] ? variants : [...variants].reverse()) {
      await writeJobs(variant.dir, photos, poolDir)
      spawnSync("npx", ["gatsby", "clean"], { cwd: variant.dir, env, stdio: "ignore" })
      const cold = await build(variant.dir)
      console.log(`${variant.name}, ${photos} photos, cold: ${JSON.stringify(cold)}`)
      await writeJobs(variant.dir, photos, poolDir, 1)
      // The commit's own deploy build: before this one, `npm run build` began with `gatsby clean`.
      if (variant.cleansFirst) spawnSync("npx", ["gatsby", "clean"], { cwd: variant.dir, env, stdio: "ignore" })
      const warm = await build(variant.dir)
      console.log(`${variant.name}, ${photos} photos, warm after one job: ${JSON.stringify(warm)}`)
      results.push({ variant: variant.name, photos, cold, warm })
    }
} finally {
  if (ref) spawnSync("git", ["worktree", "remove", "--force", path.join(scratch, "ref")], { stdio: "inherit" })
  fs.rmSync(scratch, { recursive: true, force: true })
}

const perPhoto = run => (run.imageJobs > 0 ? `${run.imageSeconds.toFixed(1)} s / ${run.imageJobs} jobs` : "none")
const header = [
  "build",
  "photos",
  "cold build (s)",
  "cold: images",
  "warm, one job more (s)",
  "warm: images",
  "files published",
  "files per photo",
  "photos left",
]
const rows = results.map(({ variant, photos, cold, warm }) => [
  variant,
  photos,
  cold.seconds.toFixed(0),
  perPhoto(cold),
  warm.seconds.toFixed(0),
  perPhoto(warm),
  Number.isNaN(cold.files) ? "not counted" : cold.files,
  Number.isNaN(warm.filesPerPhoto) ? "" : warm.filesPerPhoto.toFixed(1),
  Number.isNaN(warm.photosLeft) ? "" : warm.photosLeft,
])
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`
const table = [
  `Measured ${new Date().toISOString().slice(0, 16)} UTC on ${machine}, load average ${loadAtStart.toFixed(1)} at the start.`,
  `Jobs of ${JOB} photos, 2000 × 1500 JPEG; "images" is Gatsby's image phase (its jobs run in parallel).`,
  "",
  `| ${header.join(" | ")} |`,
  `|${header.map(() => "---").join("|")}|`,
  ...rows.map(row => `| ${row.join(" | ")} |`),
].join("\n")
console.log(`\n\n${table}\n`)
fs.mkdirSync(path.join(root, "bench"), { recursive: true })
fs.writeFileSync(path.join(root, "bench/growth.md"), `${table}\n`)
