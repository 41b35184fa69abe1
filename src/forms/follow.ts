import { FOLLOW_TEXT } from '@/rules/follow'
import { buttonForm, commandRequest } from './calls'
import { id } from './types'

/** A neighbourhood's Follow / Following button: the same press again stops following. */
export const follow = buttonForm({
  loginMessage: () => FOLLOW_TEXT.loginToFollow,
  request: (fields) => {
    const neighbourhood = id(fields, 'neighbourhood')
    return neighbourhood === null ? null : commandRequest('follows.toggle', { neighbourhood })
  },
  failed: FOLLOW_TEXT.failed,
})
