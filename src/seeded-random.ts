// One seedable generator for everything that must come out the same for the same seed: voucher
// codes (mock/resources/vouchers) and generated campaigns (fixtures/generators.ts).

/** sfc32: small, fast, seedable; enough for codes that must be reproducible, not secret. */
export function seededRandom(seed: string): () => number {
  let h = 0x811c9dc5
  const mix = (): number => {
    for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 0x01000193)
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d)
    return h >>> 0
  }
  let a = mix()
  let b = mix()
  let c = mix()
  let d = mix() | 1
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0
    d = (d + 1) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) | 0
    return t & 0x7fffffff
  }
  for (let i = 0; i < 12; i++) next()
  return next
}
