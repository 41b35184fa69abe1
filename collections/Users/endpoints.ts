import type { Endpoint } from 'payload'

import { refreshToken } from './accounts/endpoints'
import { pageState } from './accounts/pageState'
import { confirmEmail } from './confirmation/endpoint'
import { deviceEndpoints } from './devices/endpoints'
import { mentionableEndpoint } from './mentionable'
import { passkeyEndpoints } from './passkeys/endpoints'
import { deleteOwnAccount } from './settings/deleteEndpoint'
import { exportOwnData } from './settings/exportEndpoint'
import { chooseMessageSenders } from './settings/messagesEndpoint'
import { signUpForm } from './signUp/endpoint'
import { twoFactorEndpoints } from './twoFactor/endpoints'

/**
 * The account's own endpoints under /api/users: "Remember me" across refreshes, the page's state,
 * the sign-up confirmation link, Settings (data export, deletion, who may message, two-factor,
 * passkeys, devices), the sign-up form and the mention suggestions.
 */
export const userEndpoints: Endpoint[] = [
  refreshToken,
  pageState,
  confirmEmail,
  exportOwnData,
  deleteOwnAccount,
  chooseMessageSenders,
  ...twoFactorEndpoints,
  signUpForm,
  ...passkeyEndpoints,
  mentionableEndpoint,
  ...deviceEndpoints,
]
