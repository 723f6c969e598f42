/*
 * "Is it live?" in the content manager (src/admin/live-banner.ts): after a publish to Decap's local
 * backend, the banner follows the branch's head (GitHub's answer, given here by the test) to the site's
 * /build.json (also the test's): Saved → Building → Live at the build's time, or, ten minutes on without it,
 * "Not live yet" with where the host's build log is. The page's clock is Playwright's, so ten minutes pass at once.
 */
import fs from "node:fs"
import path from "node:path"
import type { Page } from "playwright-core"
import { BUILD_INFO_PATH, buildLogOf } from "../../src/build-time/cms/live-banner"
import { repoRoot } from "../support/site"
import { openCms, publish, runLocalBackendForFile } from "./cms-support"
import { setUpBrowser } from "./support"

jest.setTimeout(120_000)

// One page for the file, on Playwright's clock from the first publish: Decap starts once.
const { url, keptPage } = setUpBrowser()

runLocalBackendForFile("cms-live-", scratch =>
  fs.cpSync(path.join(repoRoot, "data"), path.join(scratch, "data"), { recursive: true }),
)

/** What the test says the site and GitHub answer: the live build, and the branch's head. */
interface Answers {
  build: { commit: string | null; builtAt: string }
  head: string
}

async function answer(page: Page, answers: Answers) {
  await page.route(url(BUILD_INFO_PATH), route =>
    route.fulfill({ json: answers.build, headers: { "Cache-Control": "no-store" } }),
  )
  await page.route("https://api.github.com/repos/*/*/branches/*", route =>
    route.fulfill({ json: { name: "main", commit: { sha: answers.head } } }),
  )
}

const banner = (page: Page, text: string) => page.locator("[data-live-banner]", { hasText: text })

let onClock = false

/**
 * Publishes a new phone number from the business entry, with the site and GitHub giving `answers` (a test's
 * routes take precedence over an earlier test's) and the page on Playwright's clock. The first load of Decap's
 * bundle in a fresh Chromium compiles it, up to a minute on a busy machine.
 */
async function publishPhone(answers: Answers, phone: string): Promise<Page> {
  const page = await keptPage()
  page.setDefaultNavigationTimeout(90_000)
  // Routes slow every request of the page, so they start once Decap's bundle has loaded.
  await openCms(page, url("/admin/#/collections/site/entries/business"))
  await answer(page, answers)
  if (!onClock) await page.clock.install()
  onClock = true
  await page.getByLabel("Phone", { exact: true }).fill(phone)
  await publish(page)
  return page
}

describe("the content manager says when a publish is live", () => {
  test("Saved, Building, then Live at the time the build names once /build.json names the new head", async () => {
    const answers: Answers = {
      build: { commit: "a".repeat(40), builtAt: "2026-11-25T20:00:00.000Z" },
      head: "b".repeat(40),
    }
    const page = await publishPhone(answers, "(385) 555-0171")
    await banner(page, "Building: the host is putting your change on the site").waitFor()

    // 3:42 pm where the browser is, which is where this test runs.
    answers.build = { commit: answers.head, builtAt: new Date(2026, 10, 25, 15, 42).toISOString() }
    await page.clock.fastForward(10_000)
    await banner(page, "Live at 3:42 pm: your change is on the site.").waitFor()
  })

  test("ten minutes without the new head: not live yet, with where the host's build log is", async () => {
    const page = await publishPhone(
      { build: { commit: "c".repeat(40), builtAt: "2026-11-25T20:00:00.000Z" }, head: "d".repeat(40) },
      "(385) 555-0172",
    )
    await banner(page, "Building").waitFor()
    await page.clock.fastForward("10:01")
    const { where } = buildLogOf(process.env)
    await banner(page, `Not live yet: the host's build may have stopped. Look at ${where}.`).waitFor()
  })
})
