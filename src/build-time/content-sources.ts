/*
 * Where the build reads the content and its pictures: data/ and src/images/. The tests' build
 * (SITE_SAMPLE_PROOF=1, scripts/build-site.mjs) adds their sample projects, reviews and photos, made by
 * __tests__/fixtures/proof/make-proof.mjs, so the shipped site holds none and the tests see every place
 * they show.
 */
import path from "path"

const root = path.resolve(__dirname, "../..")

/** The tests' sample projects and reviews (data/) and photos (images/), made before their build. */
export const SAMPLE_PROOF_DIR = path.join(root, "__tests__/fixtures/proof/built")

export interface ContentSources {
  data: string[]
  images: string[]
}

export function contentSources(env: NodeJS.ProcessEnv): ContentSources {
  const sources = { data: [path.join(root, "data")], images: [path.join(root, "src/images")] }
  if (env.SITE_SAMPLE_PROOF !== "1") return sources
  return {
    data: [...sources.data, path.join(SAMPLE_PROOF_DIR, "data")],
    images: [...sources.images, path.join(SAMPLE_PROOF_DIR, "images")],
  }
}
