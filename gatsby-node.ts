/**
 * Gatsby Node APIs:
 * - onPreInit: sets the AVIF encoder's effort, which gatsby-plugin-sharp cannot (src/build-time/avif-effort.ts).
 * - onPreBootstrap: validates data/ before anything is sourced, so bad content stops the build early
 *   with a message naming the file, the entry and the field; stops a deploy build that still carries
 *   placeholders (the launch check, src/build-time/launch-check.ts); warns when EmailJS is not configured.
 * - onCreateNode: makes the content's nodes from each JSON file in data/ (src/build-time/content/nodes.ts): an
 *   entry of a list file, a city's file, the business file.
 * - createSchemaCustomization: explicit node types (@dontInfer) so generated query types are precise,
 *   written from the content types' yup schemas (src/build-time/content/node-types.ts).
 * - createResolvers: what the content types declare beyond @link (src/build-time/content/resolvers.ts): a
 *   county's cities in the order of their names, whatever order their files are read in, and a city's
 *   neighbours both ways, so a city another one lists links back without the owner listing it twice;
 *   a project's cover photo, so a card's query carries one photo rather than all twelve.
 * - createPages: a page per city and per service page in data/; a page per project, the projects' list
 *   and its filters by service and by county, and the reviews page, once there is a project or a review.
 * - onPostBuild: writes robots.txt with the absolute sitemap address, read from data/business.json;
 *   gathers each page's Emotion styles into its <head>, gives each page its Content-Security-Policy and
 *   completes public/_headers (src/build-time/deploy); writes the content manager into public/admin/ (src/build-time/cms)
 *   and /build.json, the commit the site was built from (src/build-time/deploy/build-info.ts); deletes what an
 *   earlier build made that no file names any more (src/build-time/deploy/unreferenced.ts).
 * - onCreateDevServer: serves the content manager at /admin/ in `gatsby develop` (`npm run cms`), and looks again
 *   at each file written to the content's folders, for the one chokidar may miss
 *   (src/build-time/content/missed-files.ts).
 */
import fs from "fs"
import path from "path"
import type { GatsbyNode } from "gatsby"
import { setAvifEffort } from "./src/build-time/avif-effort"
import { adminTexts, ADMIN_PATH, BUNDLE_PATH, bundlePaths, LEADS_SCRIPT, writeAdmin } from "./src/build-time/cms/admin"
import type { DevResponse, OwnerBusiness } from "./src/build-time/cms/admin"
import { ADMIN_SCRIPT, buildAdminScript, buildLeadsScript } from "./src/build-time/cms/admin-script"
import { leadsAppFile } from "./src/build-time/cms/leads-app"
import { LOCAL_BACKEND_URL } from "./src/build-time/cms/config"
import { parseContent } from "./src/lib/content/entry"
import { checkContentDirectory } from "./src/build-time/content/files"
import { contentNodes } from "./src/build-time/content/nodes"
import { contentResolvers } from "./src/build-time/content/resolvers"
import { watchForMissedFiles, type FileNodeLike } from "./src/build-time/content/missed-files"
import { contentTypeDefinitions } from "./src/build-time/content/node-types"
import { formatContentErrors } from "./src/build-time/content/validation"
import { finishBuild, publicFiles } from "./src/build-time/deploy/finish-build"
import { buildCommit, writeBuildInfo } from "./src/build-time/deploy/build-info"
import { keptPagesDir } from "./src/build-time/deploy/gatsby-pages"
import { photoSources, roomToGrow } from "./src/build-time/deploy/room-to-grow"
import { removeUnreferencedFiles } from "./src/build-time/deploy/unreferenced"
import { emailjsOrigin, gtagId, missingEmailjsVariables } from "./src/lib/estimate/config"
import { adminPolicy } from "./src/build-time/deploy/policy"
import {
  isPreview,
  launchCheck,
  launchCheckApplies,
  launchWarnings,
  priceWarnings,
  warrantyWarnings,
} from "./src/build-time/launch-check"
import { paths } from "./src/lib/paths"
import { contentSources } from "./src/build-time/content-sources"

const DATA_DIR = path.resolve(__dirname, "data")

const cityTemplate = path.resolve(__dirname, "src/templates/city-page.tsx")
const serviceTemplate = path.resolve(__dirname, "src/templates/service-page.tsx")
const projectTemplate = path.resolve(__dirname, "src/templates/project-page.tsx")
const projectsTemplate = path.resolve(__dirname, "src/templates/projects-page.tsx")
const reviewsTemplate = path.resolve(__dirname, "src/templates/reviews-page.tsx")

// Before any image job: gatsby-plugin-sharp cannot pass the AVIF encoder's effort (src/build-time/avif-effort.ts).
export const onPreInit: GatsbyNode["onPreInit"] = () => {
  setAvifEffort()
}

export const onPreBootstrap: GatsbyNode["onPreBootstrap"] = ({ reporter }) => {
  const sources = contentSources(process.env)
  const errors = checkContentDirectory(sources.data, sources.images)
  if (errors.length > 0) reporter.panic(formatContentErrors(errors))
  const business = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "business.json"), "utf8"))
  const placeholders = launchCheck(business, process.env)
  if (placeholders) reporter.panic(placeholders)
  if (launchCheckApplies(process.env)) {
    const { services } = JSON.parse(fs.readFileSync(path.join(DATA_DIR, "services.json"), "utf8"))
    for (const warning of [...launchWarnings(business), ...warrantyWarnings(business), ...priceWarnings(services)])
      reporter.warn(warning)
  }
  // A site that cannot send estimates still builds (its form offers the phone number), but says so loudly.
  const missing = missingEmailjsVariables(process.env)
  if (missing.length > 0)
    reporter.warn(
      `EmailJS is not configured: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} not set. ` +
        "The estimate form will show its error notice instead of sending. See README.md › EmailJS.",
    )
}

export const onCreateNode: GatsbyNode["onCreateNode"] = async ({
  node,
  actions,
  loadNodeContent,
  createNodeId,
  createContentDigest,
  reporter,
}) => {
  if (node.internal.type !== "File" || node.sourceInstanceName !== "data" || node.extension !== "json") return
  let content: unknown
  try {
    content = parseContent(await loadNodeContent(node))
  } catch (error) {
    // The build has validated data/ before this runs; in `gatsby develop` a file can break while it runs.
    const reason = error instanceof Error ? error.message : String(error)
    reporter.error(`data/${String(node.relativePath)} is not valid JSON (${reason}); it is left out until fixed`)
    return
  }
  for (const { type, key, fields } of contentNodes(String(node.relativePath), content)) {
    const child = {
      ...fields,
      id: createNodeId(`${node.id} ${type} ${key}`),
      parent: node.id,
      children: [],
      internal: { type, contentDigest: createContentDigest(fields) },
    }
    actions.createNode(child)
    actions.createParentChildLink({ parent: node, child })
  }
}

export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(contentTypeDefinitions())
}

export const createResolvers: GatsbyNode["createResolvers"] = ({ createResolvers }) => {
  createResolvers(contentResolvers())
}

export const createPages: GatsbyNode["createPages"] = async ({ graphql, actions, reporter }) => {
  const result = await graphql<Queries.PageSlugsQuery>(`
    query PageSlugs {
      allCitiesJson {
        nodes {
          slug
          county {
            slug
          }
        }
      }
      allServicePagesJson {
        nodes {
          slug
        }
      }
      allProjectsJson {
        nodes {
          slug
          service {
            slug
          }
          city {
            county {
              slug
            }
          }
        }
      }
      allReviewsJson {
        totalCount
      }
    }
  `)

  if (result.errors || !result.data) {
    reporter.panicOnBuild("There was an error loading the city and service slugs", result.errors)
    return
  }

  const { allCitiesJson, allServicePagesJson, allProjectsJson, allReviewsJson } = result.data
  for (const { slug, county } of allCitiesJson.nodes) {
    actions.createPage({ path: paths.city(slug), component: cityTemplate, context: { slug, county: county.slug } })
  }
  for (const { slug } of allServicePagesJson.nodes) {
    actions.createPage({ path: paths.service(slug), component: serviceTemplate, context: { slug } })
  }
  // The pages of the business's own work and words exist once there is something to show on them.
  const projects = allProjectsJson.nodes
  for (const { slug } of projects) {
    actions.createPage({ path: paths.project(slug), component: projectTemplate, context: { slug } })
  }
  if (projects.length > 0) actions.createPage({ path: paths.projects, component: projectsTemplate, context: {} })
  else
    // Without a project, Gatsby warns that the project templates' queries "will not be run", as if a page had failed.
    reporter.info(
      `No projects in data/projects yet: ${paths.projects} and the project pages are built once the first is added ` +
        "(Gatsby's warnings that the project templates' queries will not be run mean only that)",
    )
  for (const service of new Set(projects.map(project => project.service.slug)))
    actions.createPage({ path: paths.projectsOfService(service), component: projectsTemplate, context: { service } })
  for (const county of new Set(projects.map(project => project.city.county.slug)))
    actions.createPage({ path: paths.projectsInCounty(county), component: projectsTemplate, context: { county } })
  if (allReviewsJson.totalCount > 0)
    actions.createPage({ path: paths.reviews, component: reviewsTemplate, context: {} })
}

const readBusiness = (): OwnerBusiness => JSON.parse(fs.readFileSync(path.join(DATA_DIR, "business.json"), "utf8"))

export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ store, reporter }) => {
  const { program, config } = store.getState()
  const publicDir = path.join(program.directory, "public")
  const siteUrl: string = config.siteMetadata.siteUrl
  fs.writeFileSync(
    path.join(publicDir, "robots.txt"),
    `User-agent: *\nAllow: /\nDisallow: /404\nDisallow: ${ADMIN_PATH}\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`,
  )
  // The policy hashes the pages' final inline code, so this runs after every page is written. A preview build
  // (npm start, the tests) lets /admin/ reach the local backend, which only runs on the editor's own machine.
  const finished = finishBuild(publicDir, {
    emailjsOrigin: emailjsOrigin(process.env),
    googleTag: Boolean(gtagId(process.env)),
    adminPolicy: adminPolicy({
      localBackend: isPreview(process.env) ? new URL(LOCAL_BACKEND_URL).origin : undefined,
      emailjs: emailjsOrigin(process.env),
    }),
    immutablePaths: [`${BUNDLE_PATH}*`],
    keptPagesDir: keptPagesDir(program.directory),
  })
  const admin = await writeAdmin(program.directory, process.env, readBusiness())
  writeBuildInfo(publicDir, { commit: buildCommit(process.env, program.directory), builtAt: new Date().toISOString() })
  reporter.info(
    `Content-Security-Policy: ${finished.policies.size} pages, each with its own, from ` +
      `${finished.scriptHashes.length} script and ${finished.styleHashes.length} style hashes; ${ADMIN_PATH} holds the content manager (${admin.files} files, its own script ${(admin.scriptBytes / 1000).toFixed(0)} kB)`,
  )
  // Last, once nothing more is written: what an earlier build made for content since removed is named by nothing.
  const removed = removeUnreferencedFiles(publicDir, publicFiles(publicDir))
  if (removed.length > 0) reporter.info(`Removed ${removed.length} files under public/static/ that no page names`)
  const sources = contentSources(process.env)
  const room = roomToGrow(publicFiles(publicDir), photoSources(sources.data, sources.images))
  if (room.warn) reporter.warn(room.message)
  else reporter.info(room.message)
}

export const onCreateDevServer: GatsbyNode["onCreateDevServer"] = ({ app, store, getNodesByType, reporter }) => {
  const sources = contentSources(process.env)
  watchForMissedFiles({
    dirs: [...sources.data, ...sources.images],
    fileNodes: () => getNodesByType("File") as FileNodeLike[],
    onNudge: file =>
      reporter.info(
        `${path.relative(store.getState().program.directory, file)}: the change is not in the site yet; asking again`,
      ),
    onUnwatched: (dir, error) =>
      reporter.warn(`${dir}: no second look at the files saved there (${String(error)}); one may need a restart`),
  })
  const bundle = bundlePaths()
  app.get(`${ADMIN_PATH}*`, async (request: { path: string }, response: DevResponse) => {
    const name = request.path.slice(ADMIN_PATH.length).replace(/(^|\/)$/, "$1index.html")
    const file = bundle.get(name)
    if (file) return response.sendFile(file)
    // Bundled on each request, so the preview follows the components as they are edited; its live banner says a
    // save stays on this computer.
    if (name === ADMIN_SCRIPT)
      return response.type("js").send(await buildAdminScript(store.getState().program.directory, process.env, true))
    if (name === LEADS_SCRIPT)
      return response.type("js").send(await buildLeadsScript(store.getState().program.directory, process.env))
    const app = await leadsAppFile(store.getState().program.directory, name)
    if (app !== undefined) return response.type(path.extname(name).slice(1)).send(app)
    // Made on each request, so the configuration follows the business file as the editor changes it.
    const text = adminTexts(process.env, readBusiness()).get(name)
    if (text === undefined) response.status(404).send("Not found")
    else response.type(path.extname(name) === ".yml" ? "text/yaml" : path.extname(name).slice(1)).send(text)
  })
  app.get(ADMIN_PATH.slice(0, -1), (_request: unknown, response: DevResponse) => response.redirect(ADMIN_PATH))
}
