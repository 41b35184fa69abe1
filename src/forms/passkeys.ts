import { PASSKEY_MESSAGES, PASSKEYS_PATH } from '@/rules/passkeys'
import { signInHref } from '@/views/site'
import { ok, refusal, sendCommand, viewer } from './calls'
import { text, type FormHandler, type FormOutcome } from './types'

/**
 * Profile → Settings → Passkeys: renaming and removing work as plain forms (adding one needs the
 * browser's WebAuthn, so script). Each makes the API request the page's island or an API client
 * would (collections/Users/passkeys/endpoints.ts).
 */
const back = (page: URL) => {
  const next = page.searchParams.get('next')
  return `${PASSKEYS_PATH}${next ? `?next=${encodeURIComponent(next)}` : ''}`
}

const signIn = (page: URL): FormOutcome => ({
  redirect: signInHref(PASSKEYS_PATH, page.search),
  flash: PASSKEY_MESSAGES.signInFirst,
})

const idOf = (fields: FormData) => {
  const id = text(fields, 'id')
  return /^\d{1,15}$/.test(id) ? id : null
}

/** 'Rename': the passkey's new name. */
export const passkeyRename: FormHandler = async ({ fields, page, call }) => {
  const id = idOf(fields)
  if (!id) return { error: PASSKEY_MESSAGES.notFound }
  const name = text(fields, 'name')
  if (!name.trim()) return { error: PASSKEY_MESSAGES.nameRequired, field: 'name' }
  if (!(await viewer(call))) return signIn(page)
  const answer = await sendCommand(call, 'passkeys.rename', { name }, { id })
  if (!ok(answer)) return { ...refusal(answer, PASSKEY_MESSAGES.notFound), field: 'name' }
  return { redirect: back(page), flash: PASSKEY_MESSAGES.renamed }
}

/** 'Remove passkey', from the confirmation the page shows for ?remove=<id>. */
export const passkeyRemove: FormHandler = async ({ fields, page, call }) => {
  const id = idOf(fields)
  if (!id) return { error: PASSKEY_MESSAGES.notFound }
  if (!(await viewer(call))) return signIn(page)
  const answer = await sendCommand(call, 'passkeys.remove', {}, { id })
  if (!ok(answer)) return refusal(answer, PASSKEY_MESSAGES.notFound)
  return { redirect: back(page), flash: PASSKEY_MESSAGES.removed }
}
