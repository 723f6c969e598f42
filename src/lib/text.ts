/** A title in running text: "Patios & RV Pads" → "patios & RV pads". Acronyms keep their capitals. */
export const lowerCaseWords = (title: string): string =>
  title
    .split(" ")
    .map(word => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(" ")
