/**
 * The GraphQL type of a data file's nodes, named after the file: business.json → BusinessJson,
 * city-content.json → CityContentJson. gatsby-config.ts gives it to gatsby-transformer-json, which would
 * otherwise name a file holding a single object after its folder.
 */
export const jsonTypeName = (fileName: string): string =>
  `${fileName
    .replace(/\.json$/, "")
    .replace(/(^|-)([a-z])/g, (_match: string, _dash: string, letter: string) => letter.toUpperCase())}Json`
