// The error-code table of docs/errors.md, from ERROR_CODES (src/errors.ts).
import { cell, code, table } from './markdown.js';

export function renderErrors(errorCodes) {
  return table(['code', 'meaning'], Object.entries(errorCodes).map(([name, meaning]) => [code(name), cell(meaning)]));
}
