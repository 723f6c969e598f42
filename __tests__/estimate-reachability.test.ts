import { siteAnswers, whyUnreachable } from "../src/browser/estimate/reachability"

describe("whyUnreachable", () => {
  afterEach(() => jest.restoreAllMocks())

  it("is offline when the browser says so, without asking the site", async () => {
    jest.spyOn(navigator, "onLine", "get").mockReturnValue(false)
    const answers = jest.fn()
    await expect(whyUnreachable(answers)).resolves.toBe("offline")
    expect(answers).not.toHaveBeenCalled()
  })

  it("is blocked when the browser is online and the site's own address answers", async () => {
    jest.spyOn(navigator, "onLine", "get").mockReturnValue(true)
    await expect(whyUnreachable(async () => true)).resolves.toBe("blocked")
  })

  it("is offline when the browser claims a connection but the site does not answer either", async () => {
    jest.spyOn(navigator, "onLine", "get").mockReturnValue(true)
    await expect(whyUnreachable(async () => false)).resolves.toBe("offline")
  })
})

describe("siteAnswers", () => {
  const savedFetch = global.fetch
  afterEach(() => {
    global.fetch = savedFetch
  })

  it("counts any HTTP answer, a 404 too, as the site answering", async () => {
    global.fetch = jest.fn().mockResolvedValue({ ok: false, status: 404 }) as unknown as typeof fetch
    await expect(siteAnswers()).resolves.toBe(true)
  })

  it("counts a network error as no answer", async () => {
    global.fetch = jest.fn().mockRejectedValue(new TypeError("Failed to fetch")) as unknown as typeof fetch
    await expect(siteAnswers()).resolves.toBe(false)
  })

  it("gives up after its time limit", async () => {
    global.fetch = jest.fn(
      (_url: unknown, init?: RequestInit) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted")))),
    ) as unknown as typeof fetch
    await expect(siteAnswers(20)).resolves.toBe(false)
  })
})
