import fs from "node:fs"
import { launchTouchBrowser, CPU_SLOWDOWN } from "./bench-touch.mjs"
import { startStaticServer } from "./static-server.mjs"
const server = await startStaticServer({ port: 0 })
const browser = await launchTouchBrowser()
const url = `${server.url}${process.argv[2] ?? "/estimate/"}`
for (let run = 0; run < Number(process.argv[3] ?? 2); run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, reducedMotion: "reduce" })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN })
  await page.goto(url, { waitUntil: "load" })
  const field = page.locator('#estimate input[name="name"]')
  await field.scrollIntoViewIfNeeded()
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8.execute", "blink.user_timing"] })
  await field.tap()
  await page.keyboard.type("J")
  await page.locator('#estimate button[type="submit"]').tap()
  await page.waitForTimeout(3000)
  const trace = JSON.parse(String(await browser.stopTracing()))
  const events = trace.traceEvents
  const rendererMain = events.find(e => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some(x => x.pid === e.pid && x.name === "EventDispatch"))
  const mine = events.filter(e => e.pid === rendererMain.pid && e.tid === rendererMain.tid)
  const touch = mine.find(e => e.name === "EventDispatch" && e.args?.data?.type === "touchstart")
  const t0 = touch.ts
  const tasks = mine.filter(e => e.name === "RunTask" && e.dur > 20000).sort((a, b) => a.ts - b.ts)
  console.log(`run ${run}`)
  for (const task of tasks) {
    const inside = mine.filter(e => e.ts >= task.ts && e.ts < task.ts + task.dur && e.dur > 5000 && e !== task)
    const what = inside.map(e => `${e.name}${e.args?.data?.url ? ":" + e.args.data.url.split("/").pop() : ""}${e.args?.data?.type ? ":" + e.args.data.type : ""}${e.args?.data?.functionName ? ":" + e.args.data.functionName : ""} ${Math.round(e.dur / 1000)}`).slice(0, 8)
    console.log(`  +${Math.round((task.ts - t0) / 1000)} ms  ${Math.round(task.dur / 1000)} ms  ${what.join(" | ")}`)
  }
  const dispatches = mine.filter(e => e.name === "EventDispatch" && ["touchstart", "click", "keydown", "invalid", "submit", "touchend"].includes(e.args?.data?.type))
  for (const d of dispatches) console.log(`  event ${d.args.data.type} at +${Math.round((d.ts - t0) / 1000)} ms, ${Math.round(d.dur / 1000)} ms`)
  await context.close()
}
await browser.close()
await server.close()
