/** Bytes as lower-case hex, without Node's Buffer (the mock's core also runs in browsers). */
export function toHex(bytes: Uint8Array): string {
  let out = ''
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0')
  return out
}
