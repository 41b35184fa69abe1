import { APIError, ValidationError, type CollectionBeforeOperationHook } from 'payload'

import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, SIGN_UP_MESSAGES, listedDomain } from '@/rules/signUp'
import { isStaffUser } from '@collections/access'
import { isDisposableDomain } from './disposable'
import { checkSignUpToken } from '@/data/signUpForm'

type Data = Record<string, unknown>

const refuse = (message: string) => new APIError(message, 400, null, true)

/** A throwaway address is refused beside the e-mail field. */
function refuseDisposable(email: unknown) {
  if (typeof email !== 'string') return
  const domain = listedDomain(email, isDisposableDomain)
  if (domain)
    throw new ValidationError({
      collection: 'users',
      errors: [{ message: SIGN_UP_MESSAGES.disposable(domain), path: 'email' }],
    })
}

/**
 * A sign-up through the API (the form with or without JavaScript, or any client) must come with
 * the form's hidden field empty and its signed issue time at least a few seconds old; its address
 * may not be at a throwaway domain, nor may a member change theirs to one. Staff creating
 * accounts in the admin, and the server's own writes (seed, external sign-in), are not sign-ups.
 * The two form fields are taken out of the data before anything stores it.
 */
export const signUpBrakes: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation !== 'create' && operation !== 'update') return args
  const data = (args as { data?: Data }).data
  const trusted =
    (args as { overrideAccess?: boolean }).overrideAccess === true ||
    req.payloadAPI === 'local' ||
    isStaffUser(req.user)
  if (!data || typeof data !== 'object') return args
  const honeypot = data[HONEYPOT_FIELD]
  const token = data[FORM_TOKEN_FIELD]
  delete data[HONEYPOT_FIELD]
  delete data[FORM_TOKEN_FIELD]
  if (trusted) return args
  if (operation === 'create') {
    if (typeof honeypot === 'string' ? honeypot.trim() !== '' : honeypot !== undefined)
      throw refuse(SIGN_UP_MESSAGES.honeypot)
    const check = checkSignUpToken(req.payload.secret, token)
    if (check === 'invalid') throw refuse(SIGN_UP_MESSAGES.formExpired)
    if (check === 'tooFast') throw refuse(SIGN_UP_MESSAGES.tooFast)
  }
  refuseDisposable(data.email)
  return args
}
