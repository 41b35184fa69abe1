import { ACCOUNT_MESSAGES, landingAfterSignIn, passwordProblem } from '@/rules/accounts'
import { MESSAGES } from '@/rules/messages'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '@/rules/signUp'
import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { isValidUserName } from '@/rules/userName'
import { ok, refusal, sendCommand, viewer } from './calls'
import { text, type FormHandler } from './types'

/** Sign in (Remember me included), then where the island goes: ?next= or /register. */
export const login: FormHandler = async ({ fields, page, call }) => {
  const email = text(fields, 'email').trim()
  const password = text(fields, 'password')
  if (!email || !password) return { error: ACCOUNT_MESSAGES.emailAndPasswordRequired }
  const remember = fields.has('remember')
  const answer = await sendCommand(call, 'accounts.login', { email, password, remember })
  if (!ok(answer)) return refusal(answer, 'Sign in failed.')
  // Two-factor on: the answer's cookie holds the challenge; the same page asks for the code.
  if (answer.status === 202) {
    const next = page.searchParams.get('next')
    return { redirect: `/login?step=code${next ? `&next=${encodeURIComponent(next)}` : ''}` }
  }
  const user = (answer.body as { user?: { userName?: string | null } } | undefined)?.user ?? {}
  return { redirect: landingAfterSignIn(user, page.searchParams.get('next')) }
}

/**
 * Sign-in's second step (two-factor on): the code, with the challenge the password step left in
 * the browser's cookie; an expired challenge starts again at the password.
 */
export const loginCode: FormHandler = async ({ fields, page, call }) => {
  const code = text(fields, 'code').trim()
  if (!code) return { error: TWO_FACTOR_MESSAGES.codeRequired, field: 'code' }
  const answer = await sendCommand(call, 'accounts.loginCode', { code })
  const next = page.searchParams.get('next')
  if (answer.status === 401)
    return {
      redirect: `/login${next ? `?next=${encodeURIComponent(next)}` : ''}`,
      flash: TWO_FACTOR_MESSAGES.challengeExpired,
    }
  if (!ok(answer)) return { ...refusal(answer, 'Sign in failed.'), field: 'code' }
  const user = (answer.body as { user?: { userName?: string | null } } | undefined)?.user ?? {}
  return { redirect: landingAfterSignIn(user, next) }
}

/** Sign up (with the form's issue time and its field for robots), then /login?registered=1. */
export const register: FormHandler = async ({ fields, call }) => {
  const userName = text(fields, 'username').trim()
  const email = text(fields, 'email').trim()
  const password = text(fields, 'password')
  const name = text(fields, 'name').trim()
  if (!userName || !email || !password) return { error: ACCOUNT_MESSAGES.signUpFieldsRequired }
  if (!isValidUserName(userName)) return { error: MESSAGES.userNameInvalid, field: 'username' }
  const weak = passwordProblem(password)
  if (weak) return { error: weak, field: 'password' }
  const answer = await sendCommand(call, 'users.signUp', {
    userName,
    email,
    password,
    ...(name ? { name } : {}),
    [FORM_TOKEN_FIELD]: text(fields, FORM_TOKEN_FIELD),
    [HONEYPOT_FIELD]: text(fields, HONEYPOT_FIELD),
  })
  if (!ok(answer)) return refusal(answer, ACCOUNT_MESSAGES.registrationFailed)
  return { redirect: '/login?registered=1' }
}

/** Signed in without a user name (after Google): choose one. */
export const createProfile: FormHandler = async ({ fields, call }) => {
  const userName = text(fields, 'username').trim()
  if (!isValidUserName(userName)) return { error: MESSAGES.userNameInvalid, field: 'username' }
  const user = await viewer(call)
  if (!user) return { redirect: '/login?next=%2Fregister' }
  const answer = await sendCommand(call, 'users.update', { userName }, { id: user.id })
  if (!ok(answer)) return refusal(answer, ACCOUNT_MESSAGES.profileCreationFailed)
  return { redirect: '/', flash: ACCOUNT_MESSAGES.profileCreated }
}

/** The same answer whether an account exists or not. */
export const forgotPassword: FormHandler = async ({ fields, call }) => {
  const email = text(fields, 'email').trim()
  if (!email) return { error: 'Please enter your e-mail.', field: 'email' }
  const answer = await sendCommand(call, 'users.forgotPassword', { email })
  if (!ok(answer)) return refusal(answer, ACCOUNT_MESSAGES.resetSendFailed)
  return { redirect: '/forgot-password', flash: ACCOUNT_MESSAGES.resetSent }
}

/** A new password from the e-mailed token; then sign in (the session Payload opens is dropped). */
export const resetPassword: FormHandler = async ({ fields, page, call }) => {
  // The token stays in the form's address, as in the e-mailed link it came from.
  const token = page.searchParams.get('token') ?? ''
  const password = text(fields, 'password')
  const problem = passwordProblem(password, text(fields, 'confirm'))
  if (problem) return { error: problem, field: 'password' }
  const answer = await sendCommand(call, 'users.resetPassword', { token, password })
  if (!ok(answer)) return refusal(answer, ACCOUNT_MESSAGES.passwordUpdateFailed)
  return { redirect: '/login', flash: ACCOUNT_MESSAGES.passwordUpdated, dropCookies: true }
}
