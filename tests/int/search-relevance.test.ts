import { describe, expect, it } from 'vitest'

import { pgPool } from '@/server/database/db'
import type { SearchPage } from '@/views/search'

import { createAs, makeNeighbourhood, placeFields, QUIET, testSiteForFile } from './harness'

/**
 * Site search on data made here: the query corpus (typos, stems, several words, a tag, user
 * names, case, accents) with the result that must come first, then what must never appear.
 */
const ids: Record<string, number> = {}
const DAY = 86_400_000
const people = {
  members: ['alice'],
  named: { maya: 'maya_walker', jose: 'jgarcia', spammy: 'spammy' },
  staff: { editor: 'eddie' },
  timeout: 120_000,
} as const
const { site, alice, maya, jose, spammy, editor } = testSiteForFile(people, async () => {
  const place = (name: string, tagline: string) =>
    makeNeighbourhood(site, placeFields(name, tagline), QUIET)
  ids.shoreditch = await place('Shoreditch', 'Street art and late-night bagels')
  ids.brixton = await place('Brixton', 'Market arcades and reggae')
  ids.peckham = await place('Peckham', 'Rooftop cinema and bold murals')
  ids.walthamstow = await place('Walthamstow', 'Village calm and the longest street market')
  ids.crouchEnd = await place('Crouch End', 'Clock tower and quiet cafés')
  const post = (path: string, body: Record<string, unknown>, as = alice) =>
    createAs(site, as, path, body)
  const story = (
    title: string,
    description: string,
    tags: string[],
    at: number,
    more = {},
    as = alice,
  ) => post('/api/stories', { title, description, tags, neighbourhood: at, ...more }, as)
  ids.festival = await story(
    'Summer festival on the canal',
    'Lanterns, boats and food stalls along the water.',
    ['music'],
    ids.peckham,
  )
  ids.brunch = await story(
    'Brunch spots worth the queue',
    'Shakshuka, pancakes and strong coffee.',
    ['food'],
    ids.shoreditch,
  )
  ids.creme = await story(
    'Crème caramel crawl',
    'Five bakeries, one spoon.',
    ['dessert'],
    ids.peckham,
  )
  ids.bowl = await story(
    'Sunday at the bowl',
    'Kids and grown-ups sharing ramps.',
    ['skateboarding'],
    ids.brixton,
  )
  ids.secret = await story('Secret allotment diary', 'Tomatoes again.', [], ids.walthamstow, {
    isPublic: false,
  })
  ids.graffiti = await story('Graffiti tour', 'Walls that change weekly.', [], ids.shoreditch)
  await site.api('PATCH', `/api/stories/${ids.graffiti}`, {
    body: { hidden: true },
    cookie: editor.cookie,
  })
  ids.watches = await story('Cheap watches here', 'Message me.', [], ids.brixton, {}, spammy)
  ids.bikes = await post('/api/discussions', {
    title: 'Where to lock bikes near the arcades?',
    content: 'Looking for safe stands.',
    tags: ['cycling'],
  })
  const event = (title: string, description: string, when: number, tags: string[] = []) =>
    post('/api/events', {
      title,
      description,
      eventDate: new Date(Date.now() + when).toISOString(),
      location: 'High Street',
      tags,
      neighbourhood: ids.brixton,
    })
  ids.parade = await event('Lantern parade', 'Paper lanterns through the streets.', 10 * DAY, [
    'parade',
  ])
  ids.fete = await event('Midsummer fête', 'Cake stalls and a tombola.', -10 * DAY)
  ids.poll = await post('/api/polls', {
    question: 'Which bakery bakes the best sourdough?',
    options: [{ text: 'Dough Bros' }, { text: 'Crumb and Co' }],
  })
  ids.cafe = await post('/api/local-businesses', {
    name: 'Café Olé',
    category: 'cafe',
    description: 'Churros and hot chocolate.',
    neighbourhood: ids.crouchEnd,
  })
  const name = (user: { id: number }, value: string, bio: string) =>
    site.payload.update({ collection: 'users', id: user.id, data: { name: value, bio } })
  await name(maya, 'Maya Walker', 'Painter.')
  await name(jose, 'José García', 'Baker.')
  await pgPool(site.payload).query(
    `UPDATE users SET suspended_until = now() + interval '7 days' WHERE id = $1`,
    [spammy.id],
  )
})

const search = async (q: string, cookie?: string, extra = '') => {
  const res = await site.api<SearchPage>('GET', `/api/search?q=${encodeURIComponent(q)}${extra}`, {
    cookie,
  })
  expect(res.status).toBe(200)
  return res.body
}

const suggest = async (q: string) => {
  const res = await site.api<{ suggestions: { kind: string; id: number }[] }>(
    'GET',
    `/api/search/suggest?q=${encodeURIComponent(q)}`,
  )
  expect(res.status).toBe(200)
  return res.body.suggestions
}

/** [query, kind, the id's key (or a person's user name)] */
const CORPUS: [string, string, string][] = [
  ['Shoreditch', 'neighbourhood', 'shoreditch'],
  ['shoreditch', 'neighbourhood', 'shoreditch'],
  ['SHOREDITCH', 'neighbourhood', 'shoreditch'],
  ['shordich', 'neighbourhood', 'shoreditch'],
  ['shoredich', 'neighbourhood', 'shoreditch'],
  ['Brixton', 'neighbourhood', 'brixton'],
  ['brixtn', 'neighbourhood', 'brixton'],
  ['pekham', 'neighbourhood', 'peckham'],
  ['walthamstow', 'neighbourhood', 'walthamstow'],
  ['crouch end', 'neighbourhood', 'crouchEnd'],
  ['"street art"', 'neighbourhood', 'shoreditch'],
  ['rooftop cinema', 'neighbourhood', 'peckham'],
  ['reggae', 'neighbourhood', 'brixton'],
  ['festival', 'story', 'festival'],
  ['festivals', 'story', 'festival'],
  ['festivl', 'story', 'festival'],
  ['brunch', 'story', 'brunch'],
  ['bruch', 'story', 'brunch'],
  ['shakshuka', 'story', 'brunch'],
  ['creme caramel', 'story', 'creme'],
  ['CRÈME', 'story', 'creme'],
  ['skateboarding', 'story', 'bowl'],
  ['skateboard', 'story', 'bowl'],
  ['cycling', 'discussion', 'bikes'],
  ['bikes arcades', 'discussion', 'bikes'],
  ['lantern parade', 'event', 'parade'],
  ['lanterns', 'event', 'parade'],
  ['sourdough', 'poll', 'poll'],
  ['dough bros', 'poll', 'poll'],
  ['cafe ole', 'spot', 'cafe'],
  ['churros', 'spot', 'cafe'],
  ['maya_walker', 'person', 'maya'],
  ['Maya Walker', 'person', 'maya'],
  ['maya', 'person', 'maya'],
  ['jose garcia', 'person', 'jose'],
  ['JGARCIA', 'person', 'jose'],
]

const idOf = (key: string) =>
  key === 'maya' ? maya.id : key === 'jose' ? jose.id : (ids[key] ?? Number.NaN)

describe('search relevance: the first result of each query', () => {
  it.each(CORPUS)('%s → %s %s', async (q, kind, key) => {
    const { hits } = await search(q)
    expect(hits[0], JSON.stringify(hits.slice(0, 3))).toMatchObject({ kind, id: idOf(key) })
  })

  it('has at least 30 queries', () => expect(CORPUS.length).toBeGreaterThanOrEqual(30))

  it('marks the matched words and links to the result', async () => {
    const { hits } = await search('festivals')
    expect(hits[0]!.title.filter((p) => p.mark).map((p) => p.text)).toEqual(['festival'])
    expect(hits[0]!.href).toBe(`/neighbourhood/peckham/stories/${ids.festival}`)
    expect(hits[0]!.neighbourhood).toEqual({ name: 'Peckham', slug: 'peckham' })
  })

  it('counts every kind and filters by one', async () => {
    const all = await search('lantern')
    expect(all.counts).toMatchObject({ event: 1, story: 1 })
    const events = await search('lantern', undefined, '&type=event')
    expect(events.hits.map((h) => h.kind)).toEqual(['event'])
    expect(events.counts).toEqual(all.counts)
  })
})

/** What one types, a few letters at a time, and the suggestion that must come first. */
const PREFIXES: [string, string, string][] = [
  ['sh', 'neighbourhood', 'shoreditch'],
  ['SHORE', 'neighbourhood', 'shoreditch'],
  ['shordi', 'neighbourhood', 'shoreditch'],
  ['brix', 'neighbourhood', 'brixton'],
  ['festiv', 'story', 'festival'],
  ['brunch sp', 'story', 'brunch'],
  ['crè', 'story', 'creme'],
  ['sunday at', 'story', 'bowl'],
  ['maya_w', 'person', 'maya'],
]

describe('suggestions: the first title for what is typed so far', () => {
  it.each(PREFIXES)('%s → %s %s', async (q, kind, key) => {
    const suggestions = await suggest(q)
    expect(suggestions[0], JSON.stringify(suggestions.slice(0, 3))).toMatchObject({
      kind,
      id: idOf(key),
    })
  })
})

describe('suggestions when many titles begin the typed words', () => {
  it('lists those titles before one with a wrong letter, which a typo still finds', async () => {
    const begun: number[] = []
    for (let i = 1; i <= 9; i++)
      begun.push(
        await createAs(site, maya, '/api/discussions', {
          title: `Orchard swap ${i}`,
          content: 'Seeds and cuttings.',
        }),
      )
    const misspelt = await createAs(site, maya, '/api/discussions', {
      title: 'Orcherd swop',
      content: 'Seeds and cuttings.',
    })
    const listed = (await suggest('orchard sw')).map((s) => s.id)
    expect(listed).toHaveLength(8)
    expect(listed.every((id) => begun.includes(id))).toBe(true)
    expect(listed).not.toContain(misspelt)
    // Nothing begins 'orchad swap': the titles a letter away are offered.
    const typo = (await suggest('orchad swap')).map((s) => s.id)
    expect(typo.length).toBeGreaterThan(0)
    expect(typo.every((id) => begun.includes(id) || id === misspelt)).toBe(true)
  })
})

const found = (page: SearchPage, kind: string, id: number) =>
  page.hits.some((h) => h.kind === kind && h.id === id)

describe('what search never shows', () => {
  it('keeps private stories to their author', async () => {
    expect(found(await search('allotment'), 'story', ids.secret!)).toBe(false)
    const own = await search('allotment', alice.cookie)
    expect(own.hits[0]).toMatchObject({ kind: 'story', id: ids.secret })
  })

  it('leaves out hidden content, past events and suspended members', async () => {
    expect(found(await search('graffiti tour'), 'story', ids.graffiti!)).toBe(false)
    expect(found(await search('midsummer fete'), 'event', ids.fete!)).toBe(false)
    expect(found(await search('cheap watches'), 'story', ids.watches!)).toBe(false)
    expect(found(await search('spammy'), 'person', spammy.id)).toBe(false)
  })

  it('follows edits and deletes in the same transaction', async () => {
    const id = await createAs(site, alice, '/api/discussions', {
      title: 'Pigeon count',
      content: 'How many?',
    })
    expect((await search('pigeon')).hits[0]).toMatchObject({ kind: 'discussion', id })
    await site.api('PATCH', `/api/discussions/${id}/details`, {
      body: { title: 'Parakeet count' },
      cookie: alice.cookie,
    })
    expect(found(await search('pigeon'), 'discussion', id)).toBe(false)
    expect((await search('parakeet')).hits[0]).toMatchObject({ kind: 'discussion', id })
    await site.api('POST', `/api/discussions/${id}/delete`, { cookie: alice.cookie })
    expect(found(await search('parakeet'), 'discussion', id)).toBe(false)
  })

  it('offers the closest neighbourhood names when nothing matches', async () => {
    const empty = await search('wlthmstw')
    expect(empty.total).toBe(0)
    expect(empty.closest.map((c) => c.title)).toContain('Walthamstow')
  })
})
