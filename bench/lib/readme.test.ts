import { describe, expect, it } from 'vitest'
import { README_END, README_START, withEmbeddedFigures } from './readme.js'

describe('withEmbeddedFigures', () => {
  it('replaces only what is between the markers', () => {
    const readme = `# promokit\n\n${README_START}\nold table\n${README_END}\n\nHonestly: prose.\n`
    expect(withEmbeddedFigures(readme, '| new | table |\n\n')).toBe(`# promokit\n\n${README_START}\n| new | table |\n${README_END}\n\nHonestly: prose.\n`)
  })

  it('leaves a README without markers as it is', () => {
    expect(withEmbeddedFigures('# no markers\n', 'x')).toBe('# no markers\n')
    expect(withEmbeddedFigures(`${README_END}\n${README_START}\n`, 'x')).toBe(`${README_END}\n${README_START}\n`)
  })
})
