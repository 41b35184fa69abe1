import { ValidationError, type CollectionBeforeOperationHook } from 'payload'

import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '@/rules/accounts'

/**
 * SPEC §9: passwords have at least 6 characters, whoever sets them: sign-up, an account's own
 * update, and the reset link (whose operation skips field validation, hence an operation hook).
 */
export const passwordLength: CollectionBeforeOperationHook = ({ args, operation }) => {
  if (operation !== 'create' && operation !== 'update' && operation !== 'resetPassword') return args
  const password = (args as { data?: { password?: unknown } }).data?.password
  if (password === undefined || password === null || password === '') return args
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH) {
    throw new ValidationError({
      collection: 'users',
      errors: [{ message: ACCOUNT_MESSAGES.passwordTooShort, path: 'password' }],
    })
  }
  return args
}
