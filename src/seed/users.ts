// Demo accounts. Everyone shares one password so testers can sign in as any of them.

export const DEMO_PASSWORD = 'belong-demo'
export const DEMO_EMAIL_DOMAIN = 'belong.local'

/**
 * The demo's editor and admin come with two-factor sign-in on, with this authenticator key (the
 * README's demo section prints it), so anyone trying the site reaches the admin in a minute.
 * The demo only: a real site's staff each set up their own in Profile → Settings.
 */
export const DEMO_TOTP_SECRET = 'BELONGDEMOSTAFFSECRETKEYTRYITOUT'

export type SeedRole = 'admin' | 'editor' | 'member'

export type SeedUser = {
  userName: string
  name: string
  email: string
  bio: string
  role: SeedRole
}

type Row = [userName: string, name: string, role: SeedRole, bio: string]

// Order matters a little: reviews.ts gives the last two users few reviews on purpose (badges).
// prettier-ignore
const ROWS: Row[] = [
  ['amara', 'Amara Okafor', 'admin', 'Looks after the Belong community. Peckham born and bred, now in Brockley.'],
  ['tom', 'Tom Hargreaves', 'editor', 'Keeps the neighbourhood guides tidy. Cyclist, allotment novice, pub quiz regular.'],
  ['priya', 'Priya Shah', 'member', "Architect. Moved down from Leicester in 2019 and I've rented in five boroughs since."],
  ['kwame', 'Kwame Mensah', 'member', 'Dad of two and Saturday football coach, always hunting for a decent playground.'],
  ['sofia', 'Sofia Rossi', 'member', 'Illustrator. I judge a neighbourhood by its bookshops and its bakeries.'],
  ['fatima', 'Fatima Begum', 'member', 'Primary school teacher in Tower Hamlets. Big fan of markets, small fan of rent rises.'],
  ['jamie', 'Jamie Chen', 'member', 'Nurse on night shifts, so quiet streets matter to me more than most.'],
  ['olly', 'Oliver Byrne', 'member', 'Just moved down from Manchester and exploring London one borough at a time.'],
]

export const USERS: SeedUser[] = ROWS.map(([userName, name, role, bio]) => ({
  userName,
  name,
  email: `${userName}@${DEMO_EMAIL_DOMAIN}`,
  bio,
  role,
}))
