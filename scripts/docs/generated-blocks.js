// The generated parts of a Markdown file sit between two marker comments:
//   <!-- generated: NAME (scripts/write-docs.js: edit its source, then npm run docs) -->
//   ...
//   <!-- end generated: NAME -->
// Everything outside the markers is written by hand and left as it is.

const BEGIN = (name) => `<!-- generated: ${name} (scripts/write-docs.js: edit its source, then npm run docs) -->`;
const END = (name) => `<!-- end generated: ${name} -->`;

/**
 * `text` with each named block replaced by its new content. Throws naming the file when a block's
 * markers are missing, repeated or out of order, or when the file holds a block nobody generates.
 */
export function replaceBlocks(text, blocks, file) {
  let result = text;
  for (const [name, content] of Object.entries(blocks)) {
    const begin = result.indexOf(BEGIN(name));
    const end = result.indexOf(END(name));
    if (begin < 0 || end < begin || result.indexOf(BEGIN(name), begin + 1) >= 0) {
      throw new Error(`${file}: expected one "${BEGIN(name)}" line, then "${END(name)}"`);
    }
    result = `${result.slice(0, begin)}${BEGIN(name)}\n${content.trim()}\n${result.slice(end)}`;
  }
  for (const match of result.matchAll(/<!-- generated: ([\w-]+) /g)) {
    if (!(match[1] in blocks)) throw new Error(`${file}: no generator writes the block "${match[1]}"`);
  }
  return result;
}
