import { safeNextPath } from '@/rules/accounts'
import { DELETABLE, isDeletableKind } from '@/views/deletion'
import { ok, refusal, viewer } from './calls'
import { id, text, type FormHandler } from './types'

/**
 * The confirmation page's Delete (/delete): the API's DELETE, with its access rules (only the
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
  const answer = await call('DELETE', `/api/${collection}/${itemId}`)
  if (!ok(answer)) return refusal(answer, failed)
  return { redirect: safeNextPath(text(fields, 'next')), flash: done }
}
