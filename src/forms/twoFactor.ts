import { TWO_FACTOR_MESSAGES, TWO_FACTOR_PATH, isTotpCode, normalCode } from '@/rules/twoFactor'
import { signInHref } from '@/views/site'
import { ok, refusal, viewer } from './calls'
import { text, type FormHandler, type FormOutcome } from './types'

/**
 * Profile → Settings → Two-factor sign-in, as plain forms (the page is server-rendered; no
 * island). Each makes the API request an API client would (collections/Users/twoFactor).
 */
const back = (page: URL) => {
  const next = page.searchParams.get('next')
  return `${TWO_FACTOR_PATH}${next ? `?next=${encodeURIComponent(next)}` : ''}`
}

const signIn = (page: URL): FormOutcome => ({
  redirect: signInHref(TWO_FACTOR_PATH, page.search),
  flash: TWO_FACTOR_MESSAGES.signInFirst,
})

/** 'Set up two-factor sign-in': a new key waits; the page then shows its QR code. */
export const twoFactorStart: FormHandler = async ({ page, call }) => {
  if (!(await viewer(call))) return signIn(page)
  const answer = await call('POST', '/api/users/me/two-factor/start', {})
  if (!ok(answer)) return refusal(answer, TWO_FACTOR_MESSAGES.notStarted)
  return { redirect: back(page) }
}

/**
 * 'Turn on' with the first code. The ten recovery codes go to the next page once, in its
 * one-time message (an HttpOnly cookie of 60 s, cleared as it is shown), which lists them.
 */
export const twoFactorConfirm: FormHandler = async ({ fields, page, call }) => {
  const code = text(fields, 'code').trim()
  if (!code) return { error: TWO_FACTOR_MESSAGES.codeRequired, field: 'code' }
  if (!(await viewer(call))) return signIn(page)
  const answer = await call('POST', '/api/users/me/two-factor/confirm', { code })
  if (!ok(answer)) return { ...refusal(answer, TWO_FACTOR_MESSAGES.codeWrong), field: 'code' }
  const codes = (answer.body as { recoveryCodes?: string[] } | undefined)?.recoveryCodes ?? []
  return { redirect: back(page), flash: `${TWO_FACTOR_MESSAGES.enabled} ${codes.join(' ')}` }
}

/** 'Turn off' with a current code (or a recovery code), or the password, in one box. */
export const twoFactorDisable: FormHandler = async ({ fields, page, call }) => {
  const typed = text(fields, 'password')
  if (!typed.trim()) return { error: TWO_FACTOR_MESSAGES.disableRefused, field: 'password' }
  if (!(await viewer(call))) return signIn(page)
  const looksLikeCode = isTotpCode(typed) || /^[a-z0-9]{10}$/.test(normalCode(typed))
  const answer = await call(
    'POST',
    '/api/users/me/two-factor/disable',
    looksLikeCode ? { code: typed } : { password: typed },
  )
  if (!ok(answer))
    return { ...refusal(answer, TWO_FACTOR_MESSAGES.disableRefused), field: 'password' }
  return { redirect: back(page), flash: TWO_FACTOR_MESSAGES.disabled }
}
