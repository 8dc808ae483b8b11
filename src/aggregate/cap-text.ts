/** The most characters of hook text handed on to the model or the user (PROTOCOL.md). */
export const MAX_MODEL_TEXT_CHARS = 10_000;

/**
 * Cuts text to `maxChars` UTF-16 code units, never between the two halves of a surrogate pair
 * (a lone half would turn into U+FFFD or fail strict JSON encoders downstream).
 */
export function capText(text: string, maxChars: number): { text: string; cut: boolean } {
  if (text.length <= maxChars) return { text, cut: false };
  const last = text.charCodeAt(maxChars - 1);
  const splitsPair = last >= 0xd800 && last <= 0xdbff;
  return { text: text.slice(0, splitsPair ? maxChars - 1 : maxChars), cut: true };
}
