import path from "path"
import { checkContentDirectory, readContentFiles } from "../src/build-time/content/files"
import { neighboursOf } from "../src/lib/content/places"
import {
  formatContentErrors,
  LIST_FILES,
  validateContent,
  type ContentError,
} from "../src/build-time/content/validation"
import { cities as realCities } from "./fixtures/content"
import {
  brokenContentDir,
  cityFilesOf,
  cityOf,
  DATA_DIR,
  IMAGES_DIR,
  readFixtureContent,
  readRealContent,
  removeContentDirs,
  writeRaw,
  type ContentFixture,
} from "./fixtures/content-dir"

afterAll(removeContentDirs)

const check = (breakIt: (files: ContentFixture) => void) => {
  const errors = checkContentDirectory(brokenContentDir(breakIt), IMAGES_DIR)
  return { errors, report: formatContentErrors(errors) }
}

/** The line formatContentErrors writes for one problem, up to the message. */
const line = (file: string, entry: string, field: string) => `data/${file} › entry ${entry} › field "${field}": `

describe("the real content", () => {
  it("has every file the site needs, each with entries", () => {
    const files = readRealContent()
    for (const file of LIST_FILES) expect(Object.values(files[file])[0]).not.toHaveLength(0)
    expect(files["business.json"]).toBeInstanceOf(Object)
    expect(cityFilesOf(files).length).toBeGreaterThan(0)
  })

  it("links every city to at least one neighbour, each link both ways", () => {
    const linked = new Map(realCities.map(city => [city.slug, neighboursOf(city, realCities).map(other => other.slug)]))
    for (const city of realCities) {
      expect([city.slug, linked.get(city.slug)?.length]).toEqual([city.slug, expect.any(Number)])
      expect(linked.get(city.slug)?.length).toBeGreaterThan(0)
      for (const other of linked.get(city.slug) ?? [])
        expect([other, linked.get(other)]).toEqual([other, expect.arrayContaining([city.slug])])
    }
  })

  it("passes the validation with zero errors", () => {
    const { files, errors } = readContentFiles(DATA_DIR)
    expect(errors).toEqual([])
    expect(validateContent(files)).toEqual([])
  })

  it("passes the directory check, service images included", () => {
    expect(checkContentDirectory(DATA_DIR, IMAGES_DIR)).toEqual([])
  })

  it("the tests' own content passes too (the broken-content cases start from a valid state)", () => {
    expect(check(() => undefined).errors).toEqual([])
  })
})

interface BrokenCase {
  what: string
  breakIt: (files: ContentFixture) => void
  file: string
  entry: string
  field: string
  message: RegExp
}

/** A case that breaks one field of one city's file. */
const brokenCity = (
  what: string,
  slug: string,
  field: string,
  breakCity: (city: ReturnType<typeof cityOf>) => void,
  message: RegExp,
): BrokenCase => ({
  what,
  breakIt: files => breakCity(cityOf(files, slug)),
  file: `cities/${slug}.json`,
  entry: `"${slug}"`,
  field,
  message,
})

const cases: BrokenCase[] = [
  brokenCity(
    "a city in an unknown county",
    "salt-lake-city",
    "county",
    city => {
      city.county = "summit"
    },
    /"summit" is not a known county slug/,
  ),
  brokenCity(
    "a city whose slug is not its file's name",
    "sandy",
    "slug",
    city => {
      city.slug = "salt-lake-city"
    },
    /"salt-lake-city" must match the file's name: the city's file is data\/cities\/salt-lake-city\.json/,
  ),
  {
    what: "a duplicate county slug",
    breakIt: files => {
      files["counties.json"].counties[4].slug = "weber"
    },
    file: "counties.json",
    entry: '#4 "weber"',
    field: "slug",
    message: /"weber" is already used by entry #3 "weber"; each slug must be unique/,
  },
  brokenCity(
    "a slug that is not kebab-case",
    "west-jordan",
    "slug",
    city => {
      city.slug = "West_Jordan"
    },
    /"West_Jordan" is not well formed \(expected lower-case words joined by hyphens/,
  ),
  {
    what: "a service slug that is not kebab-case",
    breakIt: files => {
      files["services.json"].services[0].slug = "Driveways"
    },
    file: "services.json",
    entry: '#0 "Driveways"',
    field: "slug",
    message: /not well formed/,
  },
  brokenCity(
    "a slug that does not match the city's name",
    "west-valley-city",
    "slug",
    city => {
      city.name = "West Valley"
    },
    /must be the name lowercased and hyphenated \("west-valley"\)/,
  ),
  brokenCity(
    "missing localInfo",
    "south-jordan",
    "localInfo",
    city => {
      delete city.localInfo
    },
    /is required and must be non-empty text/,
  ),
  brokenCity(
    "blank weatherConsiderations",
    "draper",
    "weatherConsiderations",
    city => {
      city.weatherConsiderations = "   "
    },
    /is required/,
  ),
  brokenCity(
    "too few popular projects",
    "riverton",
    "popularProjects",
    city => {
      city.popularProjects = ["Driveways"]
    },
    /has 1 items; it needs at least 4/,
  ),
  brokenCity(
    "a city without its nearby landmarks",
    "magna",
    "nearbyLandmarks",
    city => {
      delete city.nearbyLandmarks
    },
    /is required and must be a list/,
  ),
  {
    what: "a city's file that holds a list",
    breakIt: files => {
      files["cities/magna.json"] = [cityOf(files, "magna")]
    },
    file: "cities/magna.json",
    entry: "(file)",
    field: "(root)",
    message: /must be a JSON object/,
  },
  brokenCity(
    "an unknown nearby city",
    "salt-lake-city",
    "nearby[1]",
    city => {
      city.nearby[1] = "park-city"
    },
    /"park-city" is not a known city in data\/cities\//,
  ),
  brokenCity(
    "a city listed as its own neighbour",
    "provo",
    "nearby",
    city => {
      city.nearby.push("provo")
    },
    /cannot be its own neighbour/,
  ),
  {
    what: "a county whose hub city is in another county",
    breakIt: files => {
      files["counties.json"].counties[1].hubCity = "layton"
    },
    file: "counties.json",
    entry: '#1 "utah"',
    field: "hubCity",
    message: /"layton" is in county "davis", not "utah"/,
  },
  {
    what: "a bad phone number",
    breakIt: files => {
      files["business.json"].phone = "801-555-0142"
    },
    file: "business.json",
    entry: "business",
    field: "phone",
    message: /"801-555-0142" is not well formed \(expected a number written like \(801\) 555-0142\)/,
  },
  {
    what: "a bad e-mail address",
    breakIt: files => {
      files["business.json"].email = "estimates@example"
    },
    file: "business.json",
    entry: "business",
    field: "email",
    message: /"estimates@example" is not well formed/,
  },
  {
    what: "an e-mail address with a space",
    breakIt: files => {
      files["business.json"].email = "estimates @example.com"
    },
    file: "business.json",
    entry: "business",
    field: "email",
    message: /not well formed/,
  },
  {
    what: "a site address with a trailing slash",
    breakIt: files => {
      files["business.json"].siteUrl = "https://www.example.com/"
    },
    file: "business.json",
    entry: "business",
    field: "siteUrl",
    message: /without a trailing slash/,
  },
  {
    what: "opening hours that are not 24-hour HH:MM",
    breakIt: files => {
      files["business.json"].hours[1].opens = "8am"
    },
    file: "business.json",
    entry: "business",
    field: "hours[1].opens",
    message: /"8am" is not well formed \(expected a 24-hour time like 07:00\)/,
  },
  {
    what: "a misspelt weekday",
    breakIt: files => {
      files["business.json"].hours[0].days[2] = "Wensday"
    },
    file: "business.json",
    entry: "business",
    field: "hours[0].days[2]",
    message: /"Wensday" is not well formed/,
  },
  {
    what: "a rating without its review count",
    breakIt: files => {
      files["business.json"].rating = { value: 4.8 }
    },
    file: "business.json",
    entry: "business",
    field: "rating.count",
    message: /is required and must be a number/,
  },
  {
    what: "a rating above 5",
    breakIt: files => {
      files["business.json"].rating = { value: 9, count: 12 }
    },
    file: "business.json",
    entry: "business",
    field: "rating.value",
    message: /9 must be between 1 and 5/,
  },
  {
    what: "a rating whose reviews address is not a web address",
    breakIt: files => {
      files["business.json"].rating = { value: 4.8, count: 12, url: "our Google page" }
    },
    file: "business.json",
    entry: "business",
    field: "rating.url",
    message: /not well formed \(expected the https:\/\/ address where the reviews are read\)/,
  },
  {
    what: "an empty list of reasons",
    breakIt: files => {
      files["reasons.json"].reasons = []
    },
    file: "reasons.json",
    entry: "(file)",
    field: "(count)",
    message: /has no entries; the site needs at least one/,
  },
  {
    what: "a county without a city",
    breakIt: files => {
      for (const file of cityFilesOf(files)) if (files[file].county === "weber") delete files[file]
      files["counties.json"].counties[3].hubCity = "layton"
    },
    file: "counties.json",
    entry: '#3 "weber"',
    field: "slug",
    message: /no city in data\/cities\/ has "county": "weber"; every county needs at least one city/,
  },
  brokenCity(
    "a neighbour farther than a town or two away",
    "salt-lake-city",
    "nearby[3]",
    city => {
      city.nearby.push("provo")
    },
    /"provo" is 6\d km away; a neighbour lies within 40 km/,
  ),
  {
    what: "a neighbour listed twice",
    breakIt: files => {
      cityOf(files, "west-valley-city").nearby.push("magna")
      cityOf(files, "magna").nearby.push("west-valley-city")
    },
    file: "cities/west-valley-city.json",
    entry: '"west-valley-city"',
    field: "nearby[4]",
    message: /"magna" is listed twice/,
  },
  brokenCity(
    "a city outside its county, and so outside the area the site declares it serves",
    "bountiful",
    "geo",
    city => {
      city.geo = { latitude: 40.646, longitude: -111.498 }
    },
    /40\.646, -111\.498 lies outside the bounds of county "davis"/,
  ),
  brokenCity(
    "a city without coordinates",
    "taylorsville",
    "geo",
    city => {
      delete city.geo
    },
    /is required and must be an object/,
  ),
  {
    what: "county bounds the wrong way round",
    breakIt: files => {
      files["counties.json"].counties[2].bounds.south = 41.5
    },
    file: "counties.json",
    entry: '#2 "davis"',
    field: "bounds",
    message: /south must be less than north/,
  },
  {
    what: "a service with three features",
    breakIt: files => {
      files["services.json"].services[2].features.pop()
    },
    file: "services.json",
    entry: '#2 "walkout-basements"',
    field: "features",
    message: /has 3 items; it needs exactly 4/,
  },
  {
    what: "a key named id",
    breakIt: files => {
      files["services.json"].services[0].id = "driveways"
    },
    file: "services.json",
    entry: '#0 "driveways"',
    field: "id",
    message: /the key "id" is reserved by Gatsby/,
  },
  {
    what: "a process step with a fractional number",
    breakIt: files => {
      files["process.json"].steps[2].number = 2.5
    },
    file: "process.json",
    entry: '#2 "Preparation"',
    field: "number",
    message: /2\.5 must be a whole number/,
  },
  {
    what: "a service page section without paragraphs",
    breakIt: files => {
      files["service-pages.json"].pages[4].sections[0].paragraphs = []
    },
    file: "service-pages.json",
    entry: '#4 "retaining-walls"',
    field: "sections[0].paragraphs",
    message: /has 0 items; it needs at least 1/,
  },
  {
    what: "a service page for a service that does not exist",
    breakIt: files => {
      files["service-pages.json"].pages[0].slug = "sidewalks"
    },
    file: "service-pages.json",
    entry: '#0 "sidewalks"',
    field: "slug",
    message: /"sidewalks" is not a known service slug/,
  },
  {
    what: "a service image file name that is not well formed",
    breakIt: files => {
      files["services.json"].services[3].image = "Service Stamps.gif"
    },
    file: "services.json",
    entry: '#3 "stamps-and-stains"',
    field: "image",
    message: /not well formed \(expected a file name in src\/images/,
  },
  {
    what: "a missing service image",
    breakIt: files => {
      files["services.json"].services[1].image = "service-missing.png"
    },
    file: "services.json",
    entry: '#1 "patios-rv-pads"',
    field: "image",
    message: /src\/images\/service-missing\.png does not exist/,
  },
  {
    what: "a service page title too long for search results",
    breakIt: files => {
      files["service-pages.json"].pages[0].metaTitle =
        "Concrete Driveways in Utah | New Pours, Replacement & Extensions"
    },
    file: "service-pages.json",
    entry: '#0 "driveways"',
    field: "metaTitle",
    message: /is 64 characters; at most 46 \(the page title adds the business name after it\)/,
  },
  {
    what: "a file that holds a list at its top, which the editor cannot open",
    breakIt: files => {
      files["reasons.json"] = files["reasons.json"].reasons
    },
    file: "reasons.json",
    entry: "(file)",
    field: "(root)",
    message: /must be a JSON object holding the list "reasons"/,
  },
  {
    what: "a list file whose list is an object",
    breakIt: files => {
      files["reasons.json"].reasons = { title: "Local crews" }
    },
    file: "reasons.json",
    entry: "(file)",
    field: "reasons",
    message: /must be a list of entries/,
  },
]

describe.each(cases)("a fixture with $what", ({ breakIt, file, entry, field, message }) => {
  let result: { errors: ContentError[]; report: string }
  beforeAll(() => {
    result = check(breakIt)
  })

  it("fails the check with an error naming the file, the entry and the field", () => {
    expect(result.errors.length).toBeGreaterThan(0)
    expect(result.errors).toContainEqual(
      expect.objectContaining({ file, entry, field, message: expect.stringMatching(message) }),
    )
  })

  it("reports it as data/<file> › entry … › field …", () => {
    expect(result.report).toMatch(/^The content in data\/ has \d+ problems?; fix (it|them) and build again:\n/)
    const reported = result.report.split("\n").find(text => text.includes(line(file, entry, field)))
    expect(reported).toBeDefined()
    expect(reported).toMatch(message)
  })
})

describe("a fixture with broken JSON syntax", () => {
  it("names the file and the line of the syntax error", () => {
    const dir = brokenContentDir(() => undefined)
    const lines = `${JSON.stringify(readFixtureContent()["cities/sandy.json"], null, 2)}\n`.split("\n")
    const nameLine = lines.findIndex(text => text.includes('"name": "Sandy"'))
    // Drop the comma after Sandy's name: the parser stops at the next line's key.
    lines[nameLine] = lines[nameLine].replace(/,$/, "")
    writeRaw(dir, "cities/sandy.json", lines.join("\n"))

    const errors = checkContentDirectory(dir, IMAGES_DIR)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ file: "cities/sandy.json", entry: "(file)", field: "(syntax)" })
    expect(errors[0].message).toContain(`is not valid JSON (line ${nameLine + 2})`)
    expect(formatContentErrors(errors)).toContain(
      `data/cities/sandy.json › entry (file) › field "(syntax)": is not valid JSON (line ${nameLine + 2})`,
    )
  })

  it("reports every broken file, not only the first", () => {
    const dir = brokenContentDir(() => undefined)
    writeRaw(dir, "faq.json", "[\n  { \"question\": 'single quotes' }\n]\n")
    writeRaw(dir, "business.json", '{\n  "name": "Wasatch Concrete Co.",,\n}\n')
    const errors = checkContentDirectory(dir, IMAGES_DIR)
    expect(errors.map(error => [error.file, error.field])).toEqual(
      expect.arrayContaining([
        ["faq.json", "(syntax)"],
        ["business.json", "(syntax)"],
      ]),
    )
    // V8 gives no position for an "Unexpected token" error: the line comes from the snippet it quotes.
    expect(errors.find(error => error.file === "faq.json")?.message).toContain("(line 2)")
    expect(errors.find(error => error.file === "business.json")?.message).toContain("(line 2)")
  })
})

describe("syntax errors without a position", () => {
  it.each([
    ["a trailing comma in a list", '{\n  "days": [\n    "Monday",\n  ]\n}\n', 4],
    ["a misspelt literal", '{\n  "a": 1,\n  "b": tru\n}\n', 3],
    ["a truncated file", '{\n  "a": 1,\n  "b": [\n', 3],
  ])("still names the line for %s", (_case, source, expectedLine) => {
    const dir = brokenContentDir(() => undefined)
    writeRaw(dir, "process.json", source)
    const error = checkContentDirectory(dir, IMAGES_DIR).find(problem => problem.file === "process.json")
    expect(error?.message).toContain(`(line ${expectedLine})`)
  })
})

describe("a fixture with a missing file", () => {
  it("names the missing file", () => {
    const dir = brokenContentDir(files => {
      delete files["process.json"]
    })
    const errors = checkContentDirectory(dir, IMAGES_DIR)
    expect(errors).toEqual([{ file: "process.json", entry: "(file)", field: "(root)", message: "the file is missing" }])
    expect(formatContentErrors(errors)).toBe(
      'The content in data/ has 1 problem; fix it and build again:\n  data/process.json › entry (file) › field "(root)": the file is missing',
    )
  })
})

describe("a fixture without cities", () => {
  it("says the cities folder holds none", () => {
    const dir = brokenContentDir(files => {
      for (const file of cityFilesOf(files)) delete files[file]
    })
    expect(checkContentDirectory(dir, IMAGES_DIR)).toEqual([
      { file: "cities/", entry: "(folder)", field: "(count)", message: "holds no city; the site needs at least one" },
    ])
  })
})

describe("validateContent on parsed files", () => {
  it("reports a business file that is not an object", () => {
    const files = readFixtureContent()
    files["business.json"] = ["not", "an", "object"]
    expect(validateContent(files)).toContainEqual(
      expect.objectContaining({ file: "business.json", entry: "(file)", field: "(root)" }),
    )
  })

  it("accepts the optional rating when it is complete, with or without its reviews address", () => {
    const files = readFixtureContent()
    files["business.json"].rating = { value: 4.8, count: 12 }
    expect(validateContent(files)).toEqual([])
    files["business.json"].rating.url = "https://reviews.example.com/wasatch"
    expect(validateContent(files)).toEqual([])
  })

  it("labels entries without a name by their index", () => {
    const files = readFixtureContent()
    files["reasons.json"].reasons[1] = "Local crews"
    expect(validateContent(files)).toContainEqual(
      expect.objectContaining({ file: "reasons.json", entry: "#1", field: "(entry)", message: "must be an object" }),
    )
  })

  it("finds several problems at once", () => {
    const files = readFixtureContent()
    files["business.json"].phone = "555-0142"
    files["business.json"].email = "nobody"
    cityOf(files, "west-valley-city").county = "summit"
    const errors = validateContent(files)
    expect(errors.map(error => `${error.file} ${error.field}`).sort()).toEqual([
      "business.json email",
      "business.json phone",
      "cities/west-valley-city.json county",
    ])
    expect(formatContentErrors(errors)).toMatch(/^The content in data\/ has 3 problems; fix them/)
  })

  it("the fixtures directory paths point at the real project", () => {
    expect(path.basename(DATA_DIR)).toBe("data")
    expect(IMAGES_DIR.endsWith(path.join("src", "images"))).toBe(true)
  })
})
