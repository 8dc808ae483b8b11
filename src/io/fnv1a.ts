// A 64-bit FNV-1a of a text, in hex: short file names for cache entries without node:crypto
// (~3 ms to load). Not a boundary: whoever uses it checks what the entry is for.
export function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let index = 0; index < text.length; index++) hash = ((hash ^ BigInt(text.charCodeAt(index))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash.toString(16).padStart(16, '0');
}
