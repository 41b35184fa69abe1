/**
 * The feature index in docs/architecture.md, found in the code: for each feature, the files of each
 * part (collection, contracts, loader, view, form, island, pages, tests) whose names start with one
 * of the feature's words. Every collection and every contract must belong to a feature, so a new
 * one cannot be left out of the index; `npm test` fails when the written index is stale.
 */
import fs from 'node:fs'
import path from 'node:path'

import { contracts } from '@/contracts'

interface Feature {
  name: string
  /** Words a part's name starts with (`lost found` matches lostFound.ts and lost-found.astro). */
  words: string[]
}

export const FEATURES: Feature[] = [
  { name: 'Neighbourhoods', words: ['neighbourhood', 'population', 'geocode', 'submit'] },
  { name: 'Compare', words: ['compare'] },
  { name: 'Map', words: ['map'] },
  {
    name: 'Reviews and badges',
    words: ['review', 'top reviewer', 'user badge', 'badge', 'rating'],
  },
  { name: 'Comments', words: ['comment'] },
  { name: 'Reactions', words: ['reaction', 'emoji'] },
  { name: 'Stories', words: ['story', 'stories'] },
  { name: 'Events and RSVPs', words: ['event', 'rsvp'] },
  { name: 'Polls', words: ['poll'] },
  { name: 'Discussions and the forum', words: ['discussion', 'forum'] },
  { name: 'Local spots', words: ['local spot', 'local business', 'business badge'] },
  { name: 'Follows and feeds', words: ['follow', 'feed', 'your feed', 'home feed'] },
  { name: 'Market', words: ['market'] },
  { name: 'Lost and found', words: ['lost found'] },
  { name: 'Safety alerts', words: ['safety', 'alert'] },
  { name: 'Private messages', words: ['message', 'conversation', 'block'] },
  { name: 'Notifications, mail and push', words: ['notification', 'mail', 'push', 'unsubscribe'] },
  { name: 'Search', words: ['search'] },
  { name: 'Profiles', words: ['profile'] },
  {
    name: 'Moderation and the editors',
    words: ['report', 'moderation', 'appeal', 'staff audit', 'staff change', 'editor'],
  },
  {
    name: 'Accounts and security',
    words: [
      'account',
      'user',
      'users',
      'login',
      'register',
      'sign up',
      'session',
      'passkey',
      'two factor',
      'password',
      'oidc',
      'device',
      'own data',
      'deletion',
      'delete',
      'settings',
    ],
  },
  { name: 'Live updates', words: ['live', 'realtime', 'new posts', 'page state'] },
  { name: 'Pages and the API description', words: ['pages', 'static pages', 'api', 'media'] },
]

/** The parts of a feature and where each lives. */
const PARTS = [
  { part: 'Collection', root: 'collections', dirs: true },
  { part: 'Loader', root: 'src/loaders' },
  { part: 'View', root: 'src/views' },
  { part: 'Form', root: 'src/forms' },
  { part: 'Island', root: 'widgets', dirs: true },
  { part: 'Pages', root: 'src/pages', deep: true },
  { part: 'Tests', root: 'tests', deep: true, only: /\.(test|e2e)\.ts$/ },
] as const

/** A name's words: `lostFound.e2e.ts` → lost, found; `[slug]/lost-found.astro` → lost, found. */
const wordsOf = (name: string): string[] =>
  name
    .replace(/\.(test|e2e)\.ts$|\.(ts|tsx|astro|json|xml|ics|txt)(\.ts)?$/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

const sameWord = (have: string, want: string) =>
  have === want || have === `${want}s` || have === `${want}es` || `${have}s` === want

/** Whether a name starts with the feature word's words (singular or plural). */
function startsWith(name: string, word: string): boolean {
  const have = wordsOf(name)
  const want = word.split(' ')
  return want.every((w, i) => have[i] !== undefined && sameWord(have[i], w))
}

/** How many words of the feature's longest word the name starts with (0: none). */
const fit = (feature: Feature, name: string) =>
  Math.max(0, ...feature.words.filter((w) => startsWith(name, w)).map((w) => w.split(' ').length))

/** A name belongs to the features whose words fit it longest (UserBadges: 'user badge', not 'user'). */
const belongs = (feature: Feature, name: string) => {
  const mine = fit(feature, name)
  return mine > 0 && FEATURES.every((other) => fit(other, name) <= mine)
}

function filesUnder(root: string, deep: boolean, dirs: boolean): string[] {
  if (!fs.existsSync(root)) return []
  return fs.readdirSync(root, { withFileTypes: true }).flatMap((entry) => {
    const full = path.posix.join(root, entry.name)
    if (entry.isDirectory()) return dirs ? [full] : deep ? filesUnder(full, deep, dirs) : []
    return dirs ? [] : [full]
  })
}

/** Route segments that name an action on the thing before them, not a thing. */
const ACTIONS = /^(index|new|edit|renew)\./

/** A page belongs by the last thing its route names; a test or module by its file name. */
function matches(feature: Feature, file: string, root: string): boolean {
  if (root !== 'src/pages') return belongs(feature, path.posix.basename(file))
  const named = path.posix
    .relative(root, file)
    .split('/')
    .filter((segment) => !segment.startsWith('[') && !ACTIONS.test(segment))
  return named.length > 0 && belongs(feature, named.at(-1)!)
}

const contractNames = Object.keys(contracts)
const contractBelongs = (feature: Feature, name: string) =>
  belongs(feature, name.split('.')[0]!) ||
  belongs(feature, (contracts as Record<string, { tag: string }>)[name]!.tag)

export interface FeatureIndex {
  text: string
  /** Collections and contracts no feature claims. */
  unclaimed: string[]
}

/** The index as markdown, and what it leaves out (which must be nothing). */
export function featureIndex(): FeatureIndex {
  const found = PARTS.map((p) => ({
    ...p,
    files: filesUnder(p.root, 'deep' in p, 'dirs' in p).filter(
      (f) => (!('only' in p) || p.only.test(f)) && !f.endsWith('/shared'),
    ),
  }))
  const claimed = new Set<string>()
  const sections = FEATURES.map((feature) => {
    const commands = contractNames.filter((n) => contractBelongs(feature, n))
    commands.forEach((n) => claimed.add(n))
    const lines = found.map(({ part, root, files }) => {
      const mine = files.filter((f) => matches(feature, f, root))
      if (part === 'Collection') mine.forEach((f) => claimed.add(f))
      return `- ${part}: ${mine.map((f) => `\`${f}\``).join(', ') || '—'}`
    })
    lines.splice(1, 0, `- Contracts: ${commands.map((n) => `\`${n}\``).join(', ') || '—'}`)
    return `### ${feature.name}\n\n${lines.join('\n')}`
  })
  const collections = found.find((p) => p.part === 'Collection')!.files
  const unclaimed = [...collections, ...contractNames].filter((x) => !claimed.has(x))
  return { text: sections.join('\n\n'), unclaimed }
}

export const START = '<!-- feature-index:start (npm run features writes this; do not edit) -->'
export const END = '<!-- feature-index:end -->'
