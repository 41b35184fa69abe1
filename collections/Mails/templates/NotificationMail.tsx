import { Button, Heading, Link, Section, Text } from '@react-email/components'

import { BRAND, MailLayout, type MailFrame } from './MailLayout'

export interface MailItem {
  message: string
  /** The content's first lines, when it has text of its own (a comment, an event). */
  excerpt: string | null
  url: string
  when: string
}

const item = { borderLeft: `3px solid ${BRAND}`, margin: '0 0 16px', paddingLeft: 12 }
const message = { fontSize: 16, lineHeight: '24px', margin: '0 0 4px' }
const excerpt = {
  color: '#333333',
  fontSize: 15,
  fontStyle: 'italic',
  lineHeight: '22px',
  margin: '0 0 4px',
}
const meta = { color: '#5b5b5b', fontSize: 13, margin: 0 }
const button = {
  backgroundColor: BRAND,
  borderRadius: 6,
  color: '#ffffff',
  fontSize: 15,
  padding: '10px 16px',
}

/** One or more notifications of one kind, each with its excerpt and a link to it. */
export function NotificationMail(
  props: Omit<MailFrame, 'children'> & { heading: string; items: MailItem[] },
) {
  const { heading, items, ...frame } = props
  return (
    <MailLayout {...frame}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 16px' }}>
        {heading}
      </Heading>
      {items.map((entry) => (
        <Section key={entry.url + entry.message} style={item}>
          <Text style={message}>{entry.message}</Text>
          {entry.excerpt ? <Text style={excerpt}>“{entry.excerpt}”</Text> : null}
          <Text style={meta}>
            {entry.when} · <Link href={entry.url}>Open it on Belong</Link>
          </Text>
        </Section>
      ))}
      {items.length === 1 ? (
        <Button href={items[0]!.url} style={button}>
          Open it on Belong
        </Button>
      ) : null}
    </MailLayout>
  )
}
