import { notificationSettingsSchema } from '@/schemas/notificationSettings'
import { ACCOUNT_MESSAGES } from '@/rules/accounts'
import { PASSKEY_MESSAGES } from '@/rules/passkeys'
import { MESSAGES } from '@/rules/messages'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD, SIGN_UP_MESSAGES } from '@/rules/signUp'
import { TWO_FACTOR_MESSAGES } from '@/rules/twoFactor'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'
import { idParams } from './params'

/**
 * Signing in and out, and Payload's own account routes as this site configures them. The
 * handlers are collections/Users (accounts/, twoFactor/, passkeys/signIn.ts) and Payload's; these
 * contracts describe them. Each answer's `user` is the account as its owner reads it (the Users
 * document: e-mail included, no password hash, salt, tokens or second-factor secrets).
 */

/** The account as its owner reads it; its fields are the Users schema's. */
export const ownAccount = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  /** None yet after an external sign-in: the site asks for one (/register). */
  userName: z.string().nullish(),
})

/** A session opened: its cookie is set, `exp` is when the token ends (seconds since 1970). */
export const signedIn = z.object({
  message: z.string(),
  exp: z.number().int(),
  user: ownAccount,
})

const message = z.object({ message: z.string() })

/** Payload's answer to a wrong e-mail or password (a locked account answers the same). */
export const WRONG_PASSWORD = 'The email or password provided is incorrect.'

/** Payload's refusal of a refresh without a live session (the islands treat it as signed out). */
const PAYLOAD_FORBIDDEN = 'You are not allowed to perform this action.'

const several = (...messages: string[]) => messages.join(' | ')

/** A browser's answer to a passkey ceremony (WebAuthn's PublicKeyCredential as JSON). */
export const credentialAnswer = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string(),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string() }),
})

/** WebAuthn's PublicKeyCredentialRequestOptionsJSON, for navigator.credentials.get(). */
const requestOptions = z.looseObject({
  challenge: z.string(),
  timeout: z.number().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(z.looseObject({ id: z.string(), type: z.string() })).optional(),
  userVerification: z.string().optional(),
})

/** The password step's challenge: in the body, or the cookie the /login form keeps it in. */
const passwordStep = z.string().optional()

const codeRefusals = several(
  TWO_FACTOR_MESSAGES.codeRequired,
  TWO_FACTOR_MESSAGES.codeWrong,
  TWO_FACTOR_MESSAGES.codeUsed,
  TWO_FACTOR_MESSAGES.recoveryWrong,
)

export const accountLogin = defineContract({
  method: 'POST',
  path: '/api/accounts/login',
  summary: 'Sign in with e-mail and password ("Remember me" keeps the session for 30 days)',
  tag: 'accounts',
  caller: 'anyone',
  input: z.object({
    email: z.string(),
    password: z.string(),
    remember: z.boolean().optional(),
  }),
  output: signedIn,
  accepted: {
    description:
      'The password was right, but the account has a second step: no session yet. Send the challenge with a code to /api/accounts/login/code, or a passkey to /api/accounts/login/passkey.',
    output: z.object({
      message: z.string(),
      twoFactorRequired: z.literal(true),
      challenge: z.string(),
      steps: z.object({ code: z.boolean(), passkey: z.boolean() }),
    }),
  },
  refusals: { 400: ACCOUNT_MESSAGES.emailAndPasswordRequired, 401: WRONG_PASSWORD },
})

export const accountLoginCode = defineContract({
  method: 'POST',
  path: '/api/accounts/login/code',
  summary: "Sign-in's second step: a code from the authenticator app, or a recovery code",
  tag: 'accounts',
  caller: 'anyone',
  input: z.object({ challenge: passwordStep, code: z.string() }),
  output: signedIn.extend({ recoveryCodesLeft: z.number().int().min(0) }),
  refusals: {
    400: several(codeRefusals, PASSKEY_MESSAGES.useYourPasskey),
    401: TWO_FACTOR_MESSAGES.challengeExpired,
  },
})

export const passkeySignInOptions = defineContract({
  method: 'POST',
  path: '/api/accounts/passkey/options',
  summary: "Options for signing in with any of the site's passkeys (no e-mail first)",
  tag: 'accounts',
  caller: 'anyone',
  input: z.object({ remember: z.boolean().optional() }),
  output: requestOptions,
})

const passkeyRefusals = several(
  PASSKEY_MESSAGES.challengeExpired,
  PASSKEY_MESSAGES.responseInvalid,
  PASSKEY_MESSAGES.unknownPasskey,
  PASSKEY_MESSAGES.refused,
)

export const passkeySignIn = defineContract({
  method: 'POST',
  path: '/api/accounts/passkey',
  summary: 'Sign in with a passkey (the answer to /api/accounts/passkey/options)',
  tag: 'accounts',
  caller: 'anyone',
  input: z.object({ response: credentialAnswer }),
  output: signedIn,
  refusals: { 400: passkeyRefusals },
})

export const passkeySecondStepOptions = defineContract({
  method: 'POST',
  path: '/api/accounts/login/passkey/options',
  summary: "Options for sign-in's second step with one of the account's passkeys",
  tag: 'accounts',
  caller: 'anyone',
  input: z.object({ challenge: passwordStep }),
  output: requestOptions,
  refusals: { 400: PASSKEY_MESSAGES.noPasskey, 401: TWO_FACTOR_MESSAGES.challengeExpired },
})

export const passkeySecondStep = defineContract({
  method: 'POST',
  path: '/api/accounts/login/passkey',
  summary: "Sign-in's second step with a passkey",
  tag: 'accounts',
  caller: 'anyone',
  input: z.object({ challenge: passwordStep, response: credentialAnswer }),
  output: signedIn,
  refusals: {
    400: several(passkeyRefusals, PASSKEY_MESSAGES.notYours),
    401: TWO_FACTOR_MESSAGES.challengeExpired,
  },
})

export const usersLogin = defineContract({
  method: 'POST',
  path: '/api/users/login',
  summary: "Payload's own sign-in (no Remember me; refused for accounts with a second step)",
  tag: 'users',
  caller: 'anyone',
  input: z.object({ email: z.string(), password: z.string() }),
  output: signedIn.extend({ token: z.string() }),
  refusals: { 401: WRONG_PASSWORD, 403: TWO_FACTOR_MESSAGES.useSiteSignIn },
})

export const usersLogout = defineContract({
  method: 'POST',
  path: '/api/users/logout',
  summary: 'Sign out: this session ends and its cookie is cleared',
  tag: 'users',
  caller: 'anyone',
  input: z.object({}),
  output: message,
})

export const usersMe = defineContract({
  method: 'GET',
  path: '/api/users/me',
  summary: 'The signed-in account, or null',
  tag: 'users',
  caller: 'anyone',
  input: z.object({ depth: z.coerce.number().int().min(0).max(1).optional() }),
  output: z.object({
    user: ownAccount.nullable(),
    message: z.string(),
    collection: z.literal('users').optional(),
    strategy: z.string().optional(),
    exp: z.number().int().optional(),
    token: z.string().optional(),
  }),
  cache: 'private',
})

export const usersRefreshToken = defineContract({
  method: 'POST',
  path: '/api/users/refresh-token',
  summary: 'A new token for this session (its "Remember me" choice kept)',
  tag: 'users',
  caller: 'signed-in',
  input: z.object({}),
  output: signedIn,
  refusals: { 403: PAYLOAD_FORBIDDEN },
})

export const usersForgotPassword = defineContract({
  method: 'POST',
  path: '/api/users/forgot-password',
  summary: 'Mail a reset link, when an account has that e-mail (the answer never tells)',
  tag: 'users',
  caller: 'anyone',
  input: z.object({ email: z.string() }),
  output: message,
})

export const usersResetPassword = defineContract({
  method: 'POST',
  path: '/api/users/reset-password',
  summary: "A new password with the reset link's token; signs in",
  tag: 'users',
  caller: 'anyone',
  input: z.object({ token: z.string(), password: z.string() }),
  output: signedIn.omit({ exp: true }).extend({ token: z.string() }),
  refusals: {
    400: ACCOUNT_MESSAGES.passwordTooShort,
    403: 'Token is either invalid or has expired.',
  },
})

export const usersSignUpForm = defineContract({
  method: 'GET',
  path: '/api/users/sign-up-form',
  summary: 'A fresh form token for signing up through the API (POST /api/users)',
  tag: 'users',
  caller: 'anyone',
  input: z.object({}),
  output: z.object({ [FORM_TOKEN_FIELD]: z.string(), minSeconds: z.number().int() }),
  cache: 'private',
})

export const usersConfirmEmail = defineContract({
  method: 'GET',
  path: '/api/users/confirm-email',
  summary: "The confirmation link's page: the address confirmed, or why the link is not valid",
  tag: 'users',
  caller: 'anyone',
  input: z.object({ token: z.string().describe("The link's signed token") }),
  output: z.unknown(),
  answers: { media: 'text/html' },
  refusals: { 400: 'This confirmation link is invalid or has expired.' },
})

/** Payload's answer to a write of one document: the document as the writer may read it. */
const written = z.object({ message: z.string(), doc: z.looseObject({ id: z.number().int() }) })

/**
 * Payload's own create on Users, as a sign-up: the rules stay the collection's (its fields,
 * hooks and signUp/ brakes), which also guard the admin's create and the no-JavaScript form.
 */
export const usersSignUp = defineContract({
  method: 'POST',
  path: '/api/users',
  summary: "Sign up: a new account, with the sign-up form's token and its field for robots",
  tag: 'users',
  caller: 'anyone',
  input: z.object({
    userName: z.string(),
    email: z.string(),
    password: z.string(),
    name: z.string().optional(),
    [FORM_TOKEN_FIELD]: z.string().describe('From GET /api/users/sign-up-form'),
    [HONEYPOT_FIELD]: z.string().optional().describe('Empty: a person never fills it in'),
  }),
  output: written,
  status: 201,
  refusals: {
    400: several(
      MESSAGES.userNameTaken,
      MESSAGES.userNameInvalid,
      ACCOUNT_MESSAGES.passwordTooShort,
      SIGN_UP_MESSAGES.honeypot,
      SIGN_UP_MESSAGES.tooFast,
      SIGN_UP_MESSAGES.formExpired,
      SIGN_UP_MESSAGES.disposable('{domain}'),
    ),
  },
})

/**
 * Payload's own update on Users, as the account's owner makes it: the profile's fields (a
 * user name once, after an external sign-in). The collection's access and hooks are the rules.
 */
export const usersUpdate = defineContract({
  method: 'PATCH',
  path: '/api/users/{id}',
  summary: "Change one's own profile (user name, name, bio, avatar) or notification settings",
  tag: 'users',
  caller: 'signed-in',
  params: idParams,
  input: z.object({
    userName: z.string().optional(),
    name: z.string().optional(),
    bio: z.string().optional(),
    avatar: z.number().int().optional().describe('An uploaded image (POST /api/media)'),
    notify: notificationSettingsSchema.optional().describe('Settings → Notifications'),
  }),
  // Payload's default depth: the avatar comes as the image it names.
  output: z.object({
    message: z.string(),
    doc: ownAccount.extend({
      name: z.string().nullish(),
      bio: z.string().nullish(),
      avatar: z.union([z.number().int(), z.looseObject({ url: z.string().nullish() })]).nullish(),
    }),
  }),
  refusals: {
    400: several(MESSAGES.userNameTaken, MESSAGES.userNameInvalid, MESSAGES.bioTooLong),
    403: PAYLOAD_FORBIDDEN,
  },
})
