import { MAX_QUERY_LENGTH, SEARCH_KINDS, SUGGESTION_COUNT } from '@/rules/search'
import { z } from '@/schemas/zod'
import { defineContract } from './contract'

/** Titles that start with what was typed, once a few characters are (any q is an answer). */
export const searchSuggest = defineContract({
  method: 'GET',
  path: '/api/search/suggest',
  summary: `Up to ${SUGGESTION_COUNT} titles for what is being typed`,
  tag: 'search',
  caller: 'anyone',
  input: z.object({
    q: z
      .string()
      .optional()
      .default('')
      .describe(`What was typed (cut to ${MAX_QUERY_LENGTH} characters)`),
  }),
  output: z.object({
    suggestions: z
      .array(
        z.object({
          kind: z.enum(SEARCH_KINDS),
          id: z.number().int(),
          title: z.string(),
          href: z.string(),
          /** For a person, their user name; for content, its neighbourhood. */
          context: z.string().nullable(),
        }),
      )
      .max(SUGGESTION_COUNT),
  }),
})
