import { safeNextPath } from '@/rules/accounts'
import { DELETABLE, isDeletableKind, type DeletableKind } from '@/views/deletion'
import type { ContractName } from '@/contracts'
import { ok, refusal, sendCommand, viewer } from './calls'
import { id, text, type FormHandler } from './types'

/** The kinds deleted by their command; the others through their collection's DELETE. */
const DELETE_COMMANDS = {
  event: 'events.remove',
  spot: 'localSpots.remove',
} as const satisfies Partial<Record<DeletableKind, ContractName>>

const commandOf = (kind: DeletableKind) =>
  Object.hasOwn(DELETE_COMMANDS, kind)
    ? DELETE_COMMANDS[kind as keyof typeof DELETE_COMMANDS]
    : null

/**
 * The confirmation page's Delete (/delete): the kind's delete, with its access rules (only the
 * author), then back to the page the item was on with the island's toast.
 */
export const remove: FormHandler = async ({ fields, page, call }) => {
  const kind = text(fields, 'kind')
  const itemId = id(fields, 'id')
  if (!isDeletableKind(kind) || itemId === null) return { error: 'There is nothing to delete.' }
  const { collection, done, failed } = DELETABLE[kind]
  if (!(await viewer(call)))
    return {
      redirect: `/login?next=${encodeURIComponent(page.pathname + page.search)}`,
      flash: 'Please login first.',
    }
  const command = commandOf(kind)
  const answer = command
    ? await sendCommand(call, command, {}, { id: itemId })
    : await call('DELETE', `/api/${collection}/${itemId}`)
  if (!ok(answer)) return refusal(answer, failed)
  return { redirect: safeNextPath(text(fields, 'next')), flash: done }
}
