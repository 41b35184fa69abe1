// Written by `npm run contracts` from src/contracts/index.ts; do not edit.
/** Each contract's method and path (and 'shared' for reads answered from the shared cache). */
export const routes = {
  'events.rsvp': ['POST', '/api/events/{id}/rsvp'],
  'follows.state': ['GET', '/api/follows/state'],
  'follows.toggle': ['POST', '/api/follows/toggle'],
  'polls.mine': ['GET', '/api/polls/{id}/mine'],
  'polls.summary': ['GET', '/api/polls/{id}/summary', 'shared'],
  'polls.vote': ['POST', '/api/polls/{id}/vote'],
  'reactions.mine': ['GET', '/api/reactions/mine'],
  'reactions.summary': ['GET', '/api/reactions/summary', 'shared'],
  'reactions.toggle': ['POST', '/api/reactions/toggle'],
  'reports.appeal': ['POST', '/api/reports/appeal'],
  'reports.send': ['POST', '/api/reports/send'],
  'search.suggest': ['GET', '/api/search/suggest'],
} as const
