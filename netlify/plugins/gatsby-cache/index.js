/*
 * Netlify build plugin (local, named in netlify.toml): keeps Gatsby's .cache/ and public/ between deploy builds,
 * as Cloudflare Pages' build cache does, so a publish renders only the pages and photos that changed. The build's
 * last step finishes every page from what Gatsby wrote, whichever build wrote it (src/build-time/deploy).
 * "Clear cache and deploy site" in Netlify's UI starts from clean.
 */
const DIRS = [".cache", "public"]

module.exports = {
  async onPreBuild({ utils }) {
    const restored = await utils.cache.restore(DIRS)
    console.log(restored ? "Gatsby's cache restored from the last build" : "No Gatsby cache yet: a cold build")
  },
  async onPostBuild({ utils }) {
    await utils.cache.save(DIRS)
  },
}
