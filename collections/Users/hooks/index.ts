import type { CollectionConfig } from 'payload'

import { MESSAGES } from '@/rules/messages'
import { userSchema } from '@/schemas/user'
import { announceApiChange } from '@collections/shared/apiChanges'
import { validateWith } from '@collections/shared/hooks'
import { markDeletedProfilePagesStale, markProfilePagesStale } from '@collections/shared/stalePages'
import { uniqueMessages } from '@collections/shared/uniqueMessages'
import { indexPerson, unindexPerson } from '@collections/Search/reindex'
import {
  auditStaffUserChange,
  auditStaffUserDelete,
  noteStaffPassword,
} from '@collections/StaffAudit/userHooks'
import {
  endSessionsOnSuspension,
  mailPasswordChange,
  notePasswordChange,
} from '@collections/Users/devices/accountChanges'
import { recordSignIn } from '@collections/Users/devices/signIn'
import { endPasswordSessionsOnPromotion } from '@collections/Users/passkeys/promotion'
import { signUpBrakes } from '@collections/Users/signUp/brakes'
import { requireSecondFactor } from '@collections/Users/twoFactor/requireCode'
import { creditInviter } from './creditInviter'
import { deleteAccountData } from './deleteAccountData'
import { resetEmailConfirmation, sendEmailConfirmation } from './emailConfirmation'
import { hideSessions } from './hideSessions'
import { lockedAsIncorrect } from './lockedAsIncorrect'
import { loginTiming } from './loginTiming'
import { mailLimit } from './mailLimit'
import { notifyInviter } from './notifyInviter'
import { passwordLength } from './passwordLength'
import { setUserNameKey } from './setUserNameKey'

/** Every hook of an account, by when it runs: sign-up brakes, sign-in, changes, deletion. */
export const userHooks: CollectionConfig['hooks'] = {
  // Throwaway sign-ups are refused first (signUp/), before any mail is counted or sent.
  beforeOperation: [signUpBrakes, passwordLength, mailLimit, loginTiming, notePasswordChange],
  // A changed password is mailed to the account's owner (devices/accountChanges.ts).
  afterOperation: [mailPasswordChange],
  beforeValidate: [validateWith(userSchema)],
  beforeChange: [setUserNameKey, creditInviter, resetEmailConfirmation, noteStaffPassword],
  // Pages showing the user name, name or avatar are rewritten when one of them changes.
  afterChange: [
    indexPerson,
    notifyInviter,
    sendEmailConfirmation,
    markProfilePagesStale,
    endSessionsOnSuspension,
    endPasswordSessionsOnPromotion,
    announceApiChange,
    // What staff changed about the account, with before and after (collections/StaffAudit).
    auditStaffUserChange,
  ],
  afterDelete: [unindexPerson, announceApiChange, auditStaffUserDelete],
  beforeDelete: [markDeletedProfilePagesStale, deleteAccountData],
  afterRead: [hideSessions],
  // An account with two-factor on gets no session from a password alone (twoFactor/).
  beforeLogin: [requireSecondFactor],
  // Each session's browser for Settings → Your devices; a new device is mailed (devices/).
  afterLogin: [recordSignIn],
  afterError: [uniqueMessages({ userNameKey: MESSAGES.userNameTaken }), lockedAsIncorrect],
}
