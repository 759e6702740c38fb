import type { Readable } from 'node:stream'

/**
 * Resolves with everything `stream` printed so far as soon as it satisfies `done` (e.g. a start-up banner):
 * woken by the output itself, never by polling on a timer. Rejects when the stream ends first.
 */
export function whenPrinted(stream: Readable, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = ''
    const onData = (chunk: Buffer | string): void => {
      text += chunk.toString()
      if (!done(text)) return
      stream.off('data', onData).off('end', onEnd)
      resolve(text)
    }
    const onEnd = (): void => reject(new Error(`the output ended before it was complete:\n${text}`))
    stream.on('data', onData).once('end', onEnd)
  })
}
