// Jest set up per Gatsby's unit-testing guide: babel-preset-gatsby transforms the code, Gatsby's
// own ES modules are transformed too, and gatsby itself is replaced by __mocks__/gatsby.tsx.
const shared = {
  transform: { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" },
  moduleNameMapper: {
    ".+\\.(css|styl|less|sass|scss)$": "identity-obj-proxy",
    // Cloudflare's runtime module for the owner's e-mail (worker/notify/), which Node does not have.
    "^cloudflare:email$": "<rootDir>/__mocks__/cloudflare-email.ts",
  },
  // The push library and its one dependency are published as ES modules only (worker/notify/push.ts).
  transformIgnorePatterns: [
    "node_modules/(?!(gatsby|gatsby-script|gatsby-link|@block65/webcrypto-web-push|uint8array-extras)/)",
  ],
  testPathIgnorePatterns: ["node_modules", "\\.cache", "<rootDir>.*/public"],
  modulePathIgnorePatterns: ["<rootDir>/public", "<rootDir>/.cache"],
  globals: { __PATH_PREFIX__: "" },
}

module.exports = {
  // A test proves behaviour, not speed: Jest's 5 s default failed two unit tests on this 2-core machine under
  // load. (A project cannot set it; browser files set their own with jest.setTimeout.)
  testTimeout: 30_000,
  // The longest browser test files first (a fresh clone has no timings of an earlier run to go by).
  testSequencer: "<rootDir>/__tests__/browser/sequencer.js",
  projects: [
    {
      ...shared,
      displayName: "unit",
      testEnvironment: "jsdom",
      testEnvironmentOptions: { url: "http://localhost/" },
      testMatch: ["<rootDir>/__tests__/**/*.test.{ts,tsx}"],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, "<rootDir>/__tests__/(site|browser)/"],
      setupFiles: ["<rootDir>/loadershim.js"],
      setupFilesAfterEnv: ["<rootDir>/jest.setup.ts"],
    },
    {
      ...shared,
      displayName: "site",
      testEnvironment: "node",
      testMatch: ["<rootDir>/__tests__/site/**/*.test.ts"],
    },
    {
      ...shared,
      displayName: "browser",
      testEnvironment: "node",
      // Every file's seconds in the output, so the next slowdown names itself.
      slowTestThreshold: 0,
      testMatch: ["<rootDir>/__tests__/browser/**/*.test.ts"],
      // The served build and the EmailJS stand-in, started once for every browser test file.
      globalSetup: "<rootDir>/__tests__/browser/global-setup.ts",
      globalTeardown: "<rootDir>/__tests__/browser/global-teardown.ts",
    },
  ],
}
