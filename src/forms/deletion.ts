import { safeNextPath } from '@/rules/accounts'
import { DELETABLE, isDeletableKind, type DeletableKind } from '@/views/deletion'
import type { ContractName } from '@/contracts'
import { ok, refusal, sendCommand, viewer } from './calls'
import { id, text, type FormHandler } from './types'

/** Each kind's delete command: the one the island's delete button calls too. */
const DELETE_COMMANDS = {
  discussion: 'discussions.remove',
  event: 'events.remove',
  comment: 'comments.remove',
  spot: 'localSpots.remove',
} as const satisfies Record<DeletableKind, ContractName>

/**
 * The confirmation page's Delete (/delete): the kind's delete, with its access rules (only the
 * author), then back to the page the item was on with the island's toast.
 */
export const remove: FormHandler = async ({ fields, page, call }) => {
  const kind = text(fields, 'kind')
  const itemId = id(fields, 'id')
  if (!isDeletableKind(kind) || itemId === null) return { error: 'There is nothing to delete.' }
  const { done, failed } = DELETABLE[kind]
  if (!(await viewer(call)))
    return {
      redirect: `/login?next=${encodeURIComponent(page.pathname + page.search)}`,
      flash: 'Please login first.',
    }
  const answer = await sendCommand(call, DELETE_COMMANDS[kind], {}, { id: itemId })
  if (!ok(answer)) return refusal(answer, failed)
  return { redirect: safeNextPath(text(fields, 'next')), flash: done }
}
