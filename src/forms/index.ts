import {
  createProfile,
  forgotPassword,
  login,
  loginCode,
  register,
  resetPassword,
} from './accounts'
import { comment } from './comments'
import { reaction, rsvp, vote } from './buttons'
import { remove } from './deletion'
import { sessionSignOut, sessionsSignOutOthers } from './devices'
import { discussion, editDiscussion } from './discussions'
import { event } from './events'
import { follow } from './follow'
import {
  conversationStart,
  memberBlock,
  messageReport,
  messageSend,
  messageSettings,
} from './messages'
import { spot } from './localSpots'
import { marketItem, marketRenew, marketStatus } from './market'
import { lostFound, lostFoundStatus } from './lostFound'
import { editNeighbourhood, neighbourhood } from './neighbourhoods'
import { notificationRead, notificationsRead } from './notifications'
import { poll } from './polls'
import { profile } from './profile'
import { appeal, report } from './reports'
import { review } from './reviews'
import { raiseAlert } from './safety'
import { confirmAccountDeletion, deleteAccount, notificationSettings } from './settings'
import { story } from './stories'
import { twoFactorConfirm, twoFactorDisable, twoFactorStart } from './twoFactor'
import { passkeyRemove, passkeyRename } from './passkeys'
import { unsubscribe } from './unsubscribe'
import type { FormHandler } from './types'

/**
 * Every form that writes, by the name its page posts it under (`?_form=<name>`). Each does what
 * its island does, through the same API requests (src/server/http/formPosts.ts).
 */
export const formHandlers: Readonly<Record<string, FormHandler>> = {
  login,
  loginCode,
  register,
  createProfile,
  forgotPassword,
  resetPassword,
  review,
  raiseAlert,
  comment,
  reaction,
  follow,
  vote,
  rsvp,
  poll,
  discussion,
  editDiscussion,
  story,
  neighbourhood,
  editNeighbourhood,
  profile,
  event,
  spot,
  lostFound,
  lostFoundStatus,
  notificationRead,
  notificationsRead,
  remove,
  report,
  appeal,
  unsubscribe,
  notificationSettings,
  deleteAccount,
  confirmAccountDeletion,
  twoFactorStart,
  twoFactorConfirm,
  twoFactorDisable,
  passkeyRename,
  passkeyRemove,
  sessionSignOut,
  sessionsSignOutOthers,
  messageSend,
  conversationStart,
  marketItem,
  marketStatus,
  marketRenew,
  memberBlock,
  messageReport,
  messageSettings,
}
