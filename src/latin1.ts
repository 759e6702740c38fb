/**
 * Latin-1 bytes ↔ strings without Node's Buffer (the mock's core also runs in browsers). Codes and ids
 * are ASCII, so every byte is one UTF-16 unit. `String.fromCharCode` over a view makes one flat string
 * (adding characters one by one would leave a chain of string pieces behind each).
 */
export function latin1(bytes: Uint8Array, start = 0, end = bytes.length): string {
  const CHUNK = 8192
  if (end - start <= CHUNK) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[])
  let out = ''
  for (let at = start; at < end; at += CHUNK) out += String.fromCharCode.apply(null, bytes.subarray(at, Math.min(end, at + CHUNK)) as unknown as number[])
  return out
}

/** Writes `text`'s characters as bytes (each code unit's low 8 bits) at `offset`; returns how many were written. */
export function writeLatin1(bytes: Uint8Array, text: string, offset = 0): number {
  for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i)
  return text.length
}

export const latin1Bytes = (text: string): Uint8Array => {
  const bytes = new Uint8Array(text.length)
  writeLatin1(bytes, text)
  return bytes
}

/** URL-safe base64 of random bytes (by default the Web Crypto API, in Node ≥ 20 and every browser). */
export function randomToken(byteCount: number, random: (count: number) => Uint8Array = (n) => globalThis.crypto.getRandomValues(new Uint8Array(n))): string {
  const bytes = random(byteCount)
  return btoa(latin1(bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}
