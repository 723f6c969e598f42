/** A title in running text: "Patios & RV Pads" → "patios & RV pads". Acronyms keep their capitals. */
export const lowerCaseWords = (title: string): string =>
  title
    .split(" ")
    .map(word => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(" ")

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

/** A count in running text: words up to ten, as style guides write them, digits above. */
export const countInWords = (count: number): string => NUMBER_WORDS[count] ?? String(count)

/** Running text at the start of a sentence: "driveways, patios …" → "Driveways, patios …". */
export const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)
