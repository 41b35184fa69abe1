import {
  Body,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components'
import type { ReactNode } from 'react'

export const BRAND = '#2f6b4f'

export interface MailFrame {
  /** The first line a mail client shows beside the subject. */
  preview: string
  /** What this mail is, in the member's own settings' words ('Replies to my comments'). */
  kindLabel: string
  unsubscribeUrl: string
  settingsUrl: string
  children: ReactNode
}

const body = {
  backgroundColor: '#f6f5f2',
  fontFamily: 'system-ui, -apple-system, Segoe UI, sans-serif',
}
const card = {
  backgroundColor: '#ffffff',
  borderRadius: 8,
  margin: '16px auto',
  maxWidth: 560,
  padding: '24px',
}
const brandLine = { color: BRAND, fontSize: 20, fontWeight: 700, margin: '0 0 16px' }
const small = { color: '#5b5b5b', fontSize: 13, lineHeight: '20px' }

/** Every mail's frame: the name, the content, and why it came with a way to stop it. */
export function MailLayout({
  preview,
  kindLabel,
  unsubscribeUrl,
  settingsUrl,
  children,
}: MailFrame) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={card}>
          <Text style={brandLine}>Belong</Text>
          {children}
          <Hr />
          <Section>
            <Text style={small}>
              You get this because of your setting “{kindLabel}”.{' '}
              <Link href={unsubscribeUrl}>Unsubscribe from these e-mails</Link> or{' '}
              <Link href={settingsUrl}>change your settings</Link>.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}
