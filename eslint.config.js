import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * The layering of docs/architecture.md, as a lint rule: each group of files names what it may not
 * import. Type-only imports count too, except where a rule says otherwise.
 */
const SERVER = [
  '@/server/*',
  '@/data/*',
  '@/loaders/*',
  '@/seed/*',
  '@payload-config',
  '@migrations',
]
const COLLECTIONS = ['@collections', '@collections/*']
const PAGES = ['@/pages/*', '@/components/*', '@/layouts/*']
/** The server's folders a page may not use: it reads through its loader (settings and the clock are fine). */
const SERVER_BUT_CONFIG = ['process', 'site', 'services', 'http', 'database', 'observability'].map(
  (folder) => `@/server/${folder}/*`,
)
const PAYLOAD_RUNTIME = ['payload', 'payload/*', '@payloadcms/*', 'pg', 'pusher', 'sharp']
const APP = [
  '@/server/*',
  '@/data/*',
  '@/loaders/*',
  '@/seed/*',
  '@/realtime/*',
  '@/views/*',
  '@/forms/*',
  ...PAGES,
]
const boundary = (files, groups, message, { typesOfPayload = false, ignores, also = [] } = {}) => ({
  files,
  ...(ignores && { ignores }),
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['../*'], message: 'Import through an alias (@/, @collections/, @widgets/).' },
          ...(groups.length ? [{ group: groups, message }] : []),
          // Types of Payload's API (Where, Payload) are fine where its runtime is not.
          ...(typesOfPayload ? [{ group: PAYLOAD_RUNTIME, message, allowTypeImports: true }] : []),
          ...also,
        ],
      },
    ],
  },
})

/** What no server file imports: collections, pages, page loaders, shared reads and islands. */
const SERVER_OUTSIDE = [...PAGES, '@/loaders/*', '@/data/*', '@widgets/*', ...COLLECTIONS]

/**
 * An Astro file's frontmatter (between its `---` lines) linted as TypeScript, so the layers hold
 * for pages and components too; the blank first line keeps the line numbers. Only the import
 * rules run on it (below): what the markup uses looks unused to a linter that cannot see it.
 */
const astroFrontmatter = {
  meta: { name: 'astro-frontmatter' },
  preprocess: (text) => {
    const match = /^---\r?\n([\s\S]*?)^---/m.exec(text)
    return match ? [{ text: `\n${match[1]}`, filename: 'frontmatter.ts' }] : []
  },
  postprocess: (messages) => messages.flat(),
}
const serverFolder = (folder, forbidden, why) =>
  boundary(
    [`src/server/${folder}/**`],
    [...SERVER_OUTSIDE, ...forbidden.map((f) => `@/server/${f}/*`)],
    `src/server/${folder}/ ${why} (${forbidden.join(', ')} are off limits), and like all the server never imports collections, pages or islands.`,
  )

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      '.data',
      '.tmp',
      '.astro',
      'cms/.next',
      'cms/next-env.d.ts',
      'cms/app/(payload)/admin/importMap.js',
      'migrations/*_*.ts',
      'src/payload-types.ts',
      'test-results',
      'playwright-report',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.astro'], processor: astroFrontmatter },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        window: 'readonly',
        document: 'readonly',
        location: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['widgets/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Islands reach the API only through the typed client (widgets/lib/client.ts): a contract by
    // name, or a collection's own routes, never a hand-built '/api/' address or the raw `api()`.
    files: ['widgets/**/*.{ts,tsx}'],
    ignores: ['widgets/lib/client.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateLiteral[quasis.0.value.raw=/^\\/api\\//]'].map(
          (selector) => ({
            selector,
            message:
              "An API address is the client's: send('<contract>', input) (widgets/lib/client.ts).",
          }),
        ),
        {
          selector:
            "ImportDeclaration[source.value=/(^|\\/)api$/] > ImportSpecifier[imported.name='api']",
          message:
            "The raw api() is the client's own: send('<contract>', input) (widgets/lib/client.ts).",
        },
      ],
    },
  },
  boundary(['**/*.{ts,tsx,mjs}'], [], 'unused'),
  // Next's generated admin files import their import map relatively.
  { files: ['cms/**'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },
  boundary(
    ['widgets/**'],
    [...SERVER, ...COLLECTIONS, ...PAGES, ...PAYLOAD_RUNTIME, '@/forms/*', 'node:*'],
    'Islands run in the browser: use @/views, @/rules, @/schemas and @widgets/lib, never server code.',
  ),
  boundary(
    ['src/rules/**', 'src/schemas/**'],
    [...APP, '@widgets/*', ...COLLECTIONS, '@payload-config'],
    'Rules and schemas import nothing of the app but each other.',
    { typesOfPayload: true },
  ),
  boundary(
    ['src/contracts/**'],
    [...APP, '@widgets/*', ...COLLECTIONS, '@payload-config'],
    'Contracts are shared by the server, the islands and the forms: schemas, rules and zod only.',
    { typesOfPayload: true },
  ),
  boundary(
    ['src/views/**'],
    [...APP.filter((p) => p !== '@/views/*'), '@widgets/*', ...COLLECTIONS, '@payload-config'],
    'View models are shared by pages and islands: rules, schemas and payload-types only.',
    { typesOfPayload: true },
  ),
  boundary(
    ['src/forms/**'],
    [...SERVER, ...COLLECTIONS, ...PAGES, '@widgets/*', '@/realtime/*', ...PAYLOAD_RUNTIME],
    'Form handlers are pure: rules, schemas, views and the API call they are given.',
  ),
  boundary(
    ['collections/**', 'payload.config.ts'],
    [...PAGES, '@/loaders/*', '@widgets/*'],
    'Collections never import pages, page loaders or islands; a read a page needs too lives in src/data.',
  ),
  // The accounts room (collections/Users) is entered through its public face only.
  boundary(
    ['collections/**', 'payload.config.ts'],
    [...PAGES, '@/loaders/*', '@widgets/*'],
    'Collections never import pages, page loaders or islands; a read a page needs too lives in src/data.',
    {
      ignores: ['collections/Users/**'],
      also: [
        {
          group: ['@collections/Users/*', '!@collections/Users/public'],
          message: "Use accounts through @collections/Users/public (the accounts room's face).",
        },
      ],
    },
  ),
  // One rule for reads (docs/architecture.md): a query an endpoint and a page both need lives in
  // src/data, which both call; loaders read through it and the Local API; pages read only
  // through their loaders.
  boundary(
    ['src/data/**'],
    [...COLLECTIONS, ...PAGES, '@/loaders/*', '@widgets/*', '@/forms/*', '@/seed/*'],
    'src/data is shared by collections and page loaders: server, views, rules and schemas only.',
  ),
  boundary(
    ['src/loaders/**'],
    [...COLLECTIONS, ...PAGES, '@/forms/*'],
    "Loaders read through src/data and the Local API, never a collection's files (move a read both need to src/data).",
  ),
  boundary(
    ['src/pages/**', 'src/components/**', 'src/layouts/**'],
    [
      ...COLLECTIONS,
      '@/data/*',
      ...SERVER_BUT_CONFIG,
      '@/seed/*',
      '@payload-config',
      '@migrations',
    ],
    'Pages and components read only through src/loaders.',
  ),
  boundary(
    ['src/server/**', 'src/realtime/**'],
    SERVER_OUTSIDE,
    'The process layer does not reach into collections, pages or islands (only @payload-config).',
  ),
  // Inside the server, by concern (docs/architecture.md): process/ starts everything and may
  // import any folder; the others only downwards, and config/ (settings, secrets, the clock) and
  // database/ stand on nothing of the server.
  serverFolder(
    'config',
    ['process', 'database', 'site', 'http', 'services', 'observability'],
    'holds settings only',
  ),
  serverFolder(
    'database',
    ['process', 'config', 'site', 'http', 'services', 'observability'],
    'stands on PostgreSQL alone',
  ),
  serverFolder(
    'observability',
    ['process', 'database', 'site', 'http', 'services'],
    'measures and logs what it is handed (pools, servers), on config/ alone',
  ),
  serverFolder(
    'http',
    ['process', 'site', 'services'],
    'serves requests without the site or services',
  ),
  serverFolder('services', ['process', 'site', 'database'], 'talks to outside services only'),
  serverFolder('site', ['process', 'services'], 'builds and serves pages without outside services'),
  // What must be one per process across bundle copies lives behind one module that says why.
  {
    files: ['src/**/*.{ts,tsx}', 'collections/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}'],
    ignores: ['src/server/perProcess.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'globalThis',
          message: 'Keep a per-process value with perProcess (src/server/perProcess.ts).',
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Frontmatter: only the boundaries above (see astroFrontmatter).
  {
    files: ['**/*.astro/*.ts'],
    rules: Object.fromEntries(
      [
        ...Object.keys(js.configs.recommended.rules),
        ...tseslint.configs.recommended.flatMap((c) => Object.keys(c.rules ?? {})),
        'import-x/no-cycle',
      ].map((rule) => [rule, 'off']),
    ),
  },
)
