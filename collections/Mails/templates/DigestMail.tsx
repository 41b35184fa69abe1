import { Heading, Link, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'

import type { DigestContent } from '@collections/Mails/digest/digestContent'
import { MailLayout, type MailFrame } from './MailLayout'

const h2 = { fontSize: 17, margin: '20px 0 8px' }
const line = { fontSize: 15, lineHeight: '22px', margin: '0 0 8px' }
const place = { color: '#5b5b5b', fontSize: 13 }

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(Math.max(0, 5 - n))
const firstLine = (text: string) => (text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text)

/** One section of the digest, a line per item; left out when it has none. */
function DigestSection<T extends { path: string }>(props: {
  title: string
  items: T[]
  children: (item: T) => ReactNode
}) {
  if (!props.items.length) return null
  return (
    <Section>
      <Heading as="h2" style={h2}>
        {props.title}
      </Heading>
      {props.items.map((item) => (
        <Text key={item.path} style={line}>
          {props.children(item)}
        </Text>
      ))}
    </Section>
  )
}

/** The weekly digest: only the sections that have something. */
export function DigestMail(
  props: Omit<MailFrame, 'children'> & {
    content: DigestContent
    origin: string
    dateOf: (d: Date) => string
  },
) {
  const { content, origin, dateOf, ...frame } = props
  const url = (path: string) => new URL(path, origin).toString()
  return (
    <MailLayout {...frame}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 8px' }}>
        Your week in your neighbourhoods
      </Heading>
      <DigestSection title="Safety alerts (verified)" items={content.alerts}>
        {(a) => (
          <>
            <Link href={url(a.path)}>{a.title}</Link>{' '}
            <span style={place}>
              · {a.category} · {a.place}
            </span>
          </>
        )}
      </DigestSection>
      <DigestSection title="Top new stories" items={content.stories}>
        {(s) => (
          <>
            <Link href={url(s.path)}>{s.title}</Link> <span style={place}>· {s.place}</span>
          </>
        )}
      </DigestSection>
      <DigestSection title="Coming up this week" items={content.events}>
        {(e) => (
          <>
            <Link href={url(e.path)}>{e.title}</Link>{' '}
            <span style={place}>
              · {dateOf(new Date(e.date))}, {e.location} · {e.place}
            </span>
          </>
        )}
      </DigestSection>
      <DigestSection title="New reviews" items={content.reviews}>
        {(r) => (
          <>
            <span aria-label={`${r.rating} out of 5 stars`}>{stars(r.rating)}</span>{' '}
            <Link href={url(r.path)}>{firstLine(r.text)}</Link>{' '}
            <span style={place}>· {r.place}</span>
          </>
        )}
      </DigestSection>
      <DigestSection title="Free to a good home" items={content.freeItems}>
        {(i) => (
          <>
            <Link href={url(i.path)}>{i.title}</Link> <span style={place}>· {i.place}</span>
          </>
        )}
      </DigestSection>
      <DigestSection title="Busiest discussions" items={content.discussions}>
        {(d) => (
          <>
            <Link href={url(d.path)}>{d.title}</Link>{' '}
            <span style={place}>
              · {d.comments} new {d.comments === 1 ? 'comment' : 'comments'} · {d.place}
            </span>
          </>
        )}
      </DigestSection>
    </MailLayout>
  )
}
