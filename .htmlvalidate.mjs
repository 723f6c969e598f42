// html-validate over the built pages: `npm test` runs it through __tests__/site/html-validate.test.ts, and by
// hand `npx html-validate public/index.html` (any built page). The recommended preset applies in full, except
// for these settings, each with its reason.
export default {
  extends: ["html-validate:recommended"],
  rules: {
    // React's server renderer closes void elements itself (<meta … />, <img … />): keep that one style.
    "void-style": ["error", { style: "selfclosing" }],
    // Off: React writes boolean attributes as hidden="" and Gatsby writes its script tags with a bare
    // async; both are valid HTML spellings of a boolean attribute, and the site's code writes neither.
    "attribute-boolean-style": "off",
    // React writes some attributes with their DOM property spelling (srcSet, charSet, autoComplete,
    // maxLength); HTML attribute names are case-insensitive, so both spellings mean the same.
    "attr-case": ["error", { style: ["lowercase", "camelcase"] }],
    // Gatsby's root element is id="___gatsby" and React's useId makes ids like ":R1qql:"; both are valid
    // HTML ids (no whitespace). The strict form only spares CSS selectors an escape, and no style selects
    // by id on this site.
    "valid-id": ["error", { relaxed: true }],
    // Gatsby's router writes style="outline:none" on its focus wrapper and a visually hidden route
    // announcer; these are their properties (the Content-Security-Policy allows exactly those values by
    // hash). The site's own components style with Emotion classes and write no style attribute.
    "no-inline-style": [
      "error",
      {
        allowedProperties: [
          "outline",
          "position",
          "top",
          "width",
          "height",
          "padding",
          "overflow",
          "clip",
          "white-space",
          "border",
        ],
      },
    ],
    // Every tap-to-call link carries the class "phone", whose style keeps the number on one line
    // (white-space: nowrap), which is what the rule's non-breaking characters are for; the digits stay
    // plain so a copied number still dials.
    "tel-non-breaking": ["error", { ignoreClasses: ["phone"] }],
  },
}
