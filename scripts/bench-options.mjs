/*
 * How `npm run bench` and the benchmarks it chooses read their command line: `--name=value` and `--name`.
 */

/** The value of `--name=value` on the command line, or undefined. */
export const option = name =>
  process.argv.find(argument => argument.startsWith(`--${name}=`))?.slice(`--${name}=`.length)

/** Whether the command line names `--name`, with a value or without. */
export const given = name =>
  process.argv.some(argument => argument === `--${name}` || argument.startsWith(`--${name}=`))
