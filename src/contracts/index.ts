import {
  accountLogin,
  accountLoginCode,
  passkeySecondStep,
  passkeySecondStepOptions,
  passkeySignIn,
  passkeySignInOptions,
  usersConfirmEmail,
  usersForgotPassword,
  usersLogin,
  usersLogout,
  usersMe,
  usersRefreshToken,
  usersResetPassword,
  usersSignUpForm,
} from './accounts'
import type { AnyContract } from './contract'
import { eventCreate, eventDelete, eventEdit, eventRsvp } from './events'
import { localSpotCreate, localSpotDelete, localSpotEdit } from './localSpots'
import { neighbourhoodEdit, neighbourhoodSubmit } from './neighbourhoods'
import {
  apiDescription,
  apiReference,
  apiReferenceScript,
  mediaFile,
  oidcCallback,
  oidcStart,
} from './files'
import { pageStateRead, realtimeAuth, realtimeConfig } from './live'
import {
  neighbourhoodsPopulation,
  reportsDecide,
  reportsLift,
  reportsOwnHidden,
  reviewsClaim,
} from './moderation'
import {
  discussionsList,
  forumList,
  geocodeReverse,
  geocodeSearch,
  localSpotsList,
  mentionableMembers,
  populationSum,
  searchQuery,
  topReviewersList,
} from './reads'
import { followStateRead, followToggle } from './follows'
import { marketCreate, marketEdit, marketRenew, marketStatus } from './market'
import { lostFoundEdit, lostFoundPins, lostFoundPost, lostFoundStatus } from './lostFound'
import { pollMine, pollSummary, pollVote } from './polls'
import { reactionMine, reactionSummary, reactionToggle } from './reactions'
import { reportAppeal, reportSend } from './reports'
import { safetyRaise, safetyVerify } from './safety'
import { searchSuggest } from './search'
import {
  passkeyAdd,
  passkeyList,
  passkeyOptions,
  passkeyRemove,
  passkeyRename,
  sessionList,
  sessionSignOut,
  sessionSignOutOthers,
  twoFactorConfirm,
  twoFactorDisable,
  twoFactorStart,
} from './security'
import {
  deleteOwnAccount,
  exportOwnData,
  mailUnsubscribe,
  pushDevice,
  pushDeviceState,
} from './ownData'
import {
  blockedList,
  conversationList,
  conversationRead,
  conversationSeen,
  conversationStart,
  memberBlock,
  messageReport,
  messageSend,
  messageSettings,
} from './messages'

/**
 * Every contract by name: the one registry the server's commands, the islands' client, the
 * no-JavaScript forms and the API description read. A name is `<tag>.<verb>`.
 */
export const contracts = {
  'follows.toggle': followToggle,
  'follows.state': followStateRead,
  'reactions.toggle': reactionToggle,
  'reactions.summary': reactionSummary,
  'reactions.mine': reactionMine,
  'events.rsvp': eventRsvp,
  'events.post': eventCreate,
  'events.edit': eventEdit,
  'events.remove': eventDelete,
  'localSpots.suggest': localSpotCreate,
  'localSpots.edit': localSpotEdit,
  'localSpots.remove': localSpotDelete,
  'neighbourhoods.submit': neighbourhoodSubmit,
  'neighbourhoods.edit': neighbourhoodEdit,
  'polls.vote': pollVote,
  'polls.summary': pollSummary,
  'polls.mine': pollMine,
  'reports.send': reportSend,
  'reports.appeal': reportAppeal,
  'search.suggest': searchSuggest,
  'messages.start': conversationStart,
  'messages.send': messageSend,
  'messages.list': conversationList,
  'messages.read': conversationRead,
  'messages.seen': conversationSeen,
  'messages.block': memberBlock,
  'messages.blocked': blockedList,
  'messages.report': messageReport,
  'messages.settings': messageSettings,
  'market.create': marketCreate,
  'market.edit': marketEdit,
  'market.status': marketStatus,
  'market.renew': marketRenew,
  'safety.raise': safetyRaise,
  'safety.verify': safetyVerify,
  'lostFound.post': lostFoundPost,
  'lostFound.edit': lostFoundEdit,
  'lostFound.status': lostFoundStatus,
  'lostFound.pins': lostFoundPins,
  'users.state': pageStateRead,
  'users.mentionable': mentionableMembers,
  'realtime.config': realtimeConfig,
  'realtime.auth': realtimeAuth,
  'reviews.topReviewers': topReviewersList,
  'reviews.claim': reviewsClaim,
  'forum.list': forumList,
  'search.query': searchQuery,
  'discussions.listPage': discussionsList,
  'localSpots.list': localSpotsList,
  'geocode.search': geocodeSearch,
  'geocode.reverse': geocodeReverse,
  'population.sum': populationSum,
  'reports.decide': reportsDecide,
  'reports.lift': reportsLift,
  'reports.ownHidden': reportsOwnHidden,
  'neighbourhoods.population': neighbourhoodsPopulation,
  'api.description': apiDescription,
  'api.reference': apiReference,
  'api.referenceScript': apiReferenceScript,
  'media.file': mediaFile,
  'accounts.oidcStart': oidcStart,
  'accounts.oidcCallback': oidcCallback,
  'users.confirmEmail': usersConfirmEmail,
  'accounts.login': accountLogin,
  'accounts.loginCode': accountLoginCode,
  'accounts.passkeyOptions': passkeySignInOptions,
  'accounts.passkey': passkeySignIn,
  'accounts.secondStepOptions': passkeySecondStepOptions,
  'accounts.secondStep': passkeySecondStep,
  'users.login': usersLogin,
  'users.logout': usersLogout,
  'users.me': usersMe,
  'users.refreshToken': usersRefreshToken,
  'users.forgotPassword': usersForgotPassword,
  'users.resetPassword': usersResetPassword,
  'users.signUpForm': usersSignUpForm,
  'twoFactor.start': twoFactorStart,
  'twoFactor.confirm': twoFactorConfirm,
  'twoFactor.disable': twoFactorDisable,
  'passkeys.list': passkeyList,
  'passkeys.options': passkeyOptions,
  'passkeys.add': passkeyAdd,
  'passkeys.rename': passkeyRename,
  'passkeys.remove': passkeyRemove,
  'sessions.list': sessionList,
  'sessions.signOut': sessionSignOut,
  'sessions.signOutOthers': sessionSignOutOthers,
  'ownData.export': exportOwnData,
  'ownData.deleteAccount': deleteOwnAccount,
  'mails.unsubscribe': mailUnsubscribe,
  'push.device': pushDevice,
  'push.deviceState': pushDeviceState,
} as const satisfies Record<string, AnyContract>

export type Contracts = typeof contracts
export type ContractName = keyof Contracts
