import { DEVICES_MESSAGES } from '@/rules/devices'
import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, cleanPasskeyName } from '@/rules/passkeys'
import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { z } from '@/schemas/zod'
import { credentialAnswer } from './accounts'
import { defineContract } from './contract'
import { idParams } from './params'

/**
 * Settings → Security for the signed-in account (suspended too): two-factor sign-in, passkeys and
 * the sessions on other devices. No account id is read from the request. The handlers are
 * collections/Users (twoFactor/, passkeys/, devices/); these contracts describe them.
 */

const message = z.object({ message: z.string() })
const several = (...messages: string[]) => messages.join(' | ')
const codeRefusals = several(
  TWO_FACTOR_MESSAGES.codeRequired,
  TWO_FACTOR_MESSAGES.codeWrong,
  TWO_FACTOR_MESSAGES.codeUsed,
)
const twoFactor = {
  tag: 'twoFactor',
  caller: 'signed-in',
  signIn: TWO_FACTOR_MESSAGES.signInFirst,
} as const

export const twoFactorStart = defineContract({
  ...twoFactor,
  method: 'POST',
  path: '/api/users/me/two-factor/start',
  summary: 'A new authenticator key, waiting for its first code',
  input: z.object({}),
  output: z.object({
    secret: z.string(),
    /** The otpauth:// link the QR code holds. */
    uri: z.string(),
    /** The QR code as SVG markup. */
    svg: z.string(),
  }),
  refusals: { 409: TWO_FACTOR_MESSAGES.alreadyOn },
})

export const twoFactorConfirm = defineContract({
  ...twoFactor,
  method: 'POST',
  path: '/api/users/me/two-factor/confirm',
  summary: 'Turn two-factor sign-in on with a first code; answers the recovery codes, once',
  input: z.object({ code: z.string() }),
  output: message.extend({ recoveryCodes: z.array(z.string()) }),
  refusals: {
    400: codeRefusals,
    409: several(TWO_FACTOR_MESSAGES.alreadyOn, TWO_FACTOR_MESSAGES.notStarted),
  },
})

export const twoFactorDisable = defineContract({
  ...twoFactor,
  method: 'POST',
  path: '/api/users/me/two-factor/disable',
  summary: 'Turn two-factor sign-in off with a current code, a recovery code or the password',
  input: z.object({ code: z.string().optional(), password: z.string().optional() }),
  output: message,
  refusals: {
    400: several(
      codeRefusals,
      TWO_FACTOR_MESSAGES.recoveryWrong,
      TWO_FACTOR_MESSAGES.disableRefused,
    ),
    409: TWO_FACTOR_MESSAGES.notOn,
  },
})

const passkeys = {
  tag: 'passkeys',
  caller: 'signed-in',
  signIn: PASSKEY_MESSAGES.signInFirst,
} as const
const passkey = z.object({ id: z.number().int(), name: z.string() })

export const passkeyList = defineContract({
  ...passkeys,
  method: 'GET',
  path: '/api/users/me/passkeys',
  summary: "The account's passkeys: names and dates",
  input: z.object({}),
  output: z.object({
    docs: z.array(
      passkey.extend({ createdAt: z.iso.datetime(), lastUsedAt: z.iso.datetime().nullable() }),
    ),
  }),
  cache: 'private',
})

export const passkeyOptions = defineContract({
  ...passkeys,
  method: 'POST',
  path: '/api/users/me/passkeys/options',
  summary: "The browser's options for creating a passkey (navigator.credentials.create())",
  input: z.object({}),
  output: z.looseObject({
    challenge: z.string(),
    rp: z.looseObject({ name: z.string() }),
    user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
    pubKeyCredParams: z.array(z.looseObject({ alg: z.number(), type: z.literal('public-key') })),
  }),
  refusals: { 409: PASSKEY_MESSAGES.tooMany },
})

export const passkeyAdd = defineContract({
  ...passkeys,
  method: 'POST',
  path: '/api/users/me/passkeys',
  summary: 'Add the passkey the browser created for the options',
  input: z.object({ response: credentialAnswer, name: z.string().optional() }),
  output: message.extend({ passkey }),
  status: 201,
  refusals: {
    400: several(PASSKEY_MESSAGES.challengeExpired, PASSKEY_MESSAGES.responseInvalid),
    409: several(PASSKEY_MESSAGES.tooMany, PASSKEY_MESSAGES.alreadyAdded),
  },
})

export const passkeyRename = defineContract({
  ...passkeys,
  method: 'PATCH',
  path: '/api/users/me/passkeys/{id}',
  summary: 'Rename one of the account’s passkeys',
  params: idParams,
  input: z.object({
    // Spaces squeezed; a name of only spaces is no name.
    name: z
      .string({ message: PASSKEY_MESSAGES.nameRequired })
      .refine((raw) => raw.trim().length <= PASSKEY_NAME_MAX, PASSKEY_MESSAGES.nameTooLong)
      .transform(cleanPasskeyName)
      .refine((name) => name !== '', PASSKEY_MESSAGES.nameRequired),
  }),
  output: message.extend({ passkey }),
  refusals: {
    400: several(PASSKEY_MESSAGES.nameRequired, PASSKEY_MESSAGES.nameTooLong),
    404: PASSKEY_MESSAGES.notFound,
  },
})

export const passkeyRemove = defineContract({
  ...passkeys,
  method: 'DELETE',
  path: '/api/users/me/passkeys/{id}',
  summary: 'Remove one of the account’s passkeys',
  params: idParams,
  input: z.object({}),
  output: message,
  refusals: { 404: PASSKEY_MESSAGES.notFound },
})

const sessions = {
  tag: 'sessions',
  caller: 'signed-in',
  signIn: DEVICES_MESSAGES.signInFirst,
} as const

export const sessionList = defineContract({
  ...sessions,
  method: 'GET',
  path: '/api/users/me/sessions',
  summary: "The account's sessions, this one first",
  input: z.object({}),
  output: z.object({
    sessions: z.array(
      z.object({
        sid: z.uuid(),
        /** 'Chrome on Windows'. */
        device: z.string(),
        lastUsed: z.string(),
        signedIn: z.string(),
        current: z.boolean(),
      }),
    ),
  }),
  cache: 'private',
})

export const sessionSignOut = defineContract({
  ...sessions,
  method: 'DELETE',
  path: '/api/users/me/sessions/{sid}',
  summary: "Sign one of the account's sessions out (this one too: its cookie is cleared)",
  params: z.object({ sid: z.string() }),
  input: z.object({}),
  output: message.extend({ signedOut: z.boolean() }),
  refusals: { 400: DEVICES_MESSAGES.badSession, 404: DEVICES_MESSAGES.notYours },
})

export const sessionSignOutOthers = defineContract({
  ...sessions,
  method: 'POST',
  path: '/api/users/me/sessions/sign-out-others',
  summary: 'Sign out every session but this one',
  input: z.object({}),
  output: message.extend({ ended: z.number().int().min(0) }),
})
