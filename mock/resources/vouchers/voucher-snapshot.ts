import { latin1, writeLatin1 } from '../../../src/latin1.js'
import { ByteCodes, StringCodes } from './code-list.js'
import type { Batch, VoucherState } from './voucher-types.js'

// The VoucherStore's batches as plain data for the state file (mock/engine/persistence). Generated codes
// are kept (clients may have seen them); a batch not generated yet stays null and is generated on need.

type SavedCodes = { width: number; length: number; latin1: string } | { strings: string[] } | null

export type SavedBatch = Omit<Batch, 'codes' | 'state'> & { codes: SavedCodes; state: Array<[number, VoucherState]> }

export interface VoucherSnapshot {
  nextSlot: number
  batches: SavedBatch[]
}

export function saveBatch(b: Batch): SavedBatch {
  const codes = b.codes
  return {
    campaign: structuredClone(b.campaign),
    base: b.base,
    size: b.size,
    signature: b.signature,
    explicit: b.explicit,
    ...(b.goneAt !== undefined ? { goneAt: b.goneAt } : {}),
    codes:
      codes === null
        ? null
        : codes instanceof ByteCodes
          ? { width: codes.width, length: codes.length, latin1: latin1(codes.buf, 0, codes.length * codes.width) }
          : { strings: [...codes.codes] },
    state: [...b.state.entries()].map(([i, s]) => [i, structuredClone(s)]),
  }
}

export function loadBatch(saved: SavedBatch): Batch {
  return { ...saved, campaign: structuredClone(saved.campaign), codes: loadCodes(saved.codes), state: new Map(saved.state) }
}

function loadCodes(saved: SavedCodes): Batch['codes'] {
  if (saved === null) return null
  if ('strings' in saved) {
    const list = new StringCodes()
    for (const code of saved.strings) list.codes.push(code)
    return list
  }
  const list = new ByteCodes(saved.width, saved.length)
  writeLatin1(list.buf, saved.latin1)
  list.length = saved.length
  return list
}
