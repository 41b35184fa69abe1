import type { Endpoint } from 'payload'

import { FORM_TOKEN_FIELD, SIGN_UP_MIN_SECONDS } from '@/rules/signUp'
import { issueSignUpToken } from '@/data/signUpForm'

/**
 * GET /api/users/sign-up-form: a fresh form token for clients that sign up through the API
 * (the site's own page puts one in its form). It counts from now, as a page's form does.
 */
export const signUpForm: Endpoint = {
  path: '/sign-up-form',
  method: 'get',
  handler: (req) =>
    Response.json(
      {
        [FORM_TOKEN_FIELD]: issueSignUpToken(req.payload.secret),
        minSeconds: SIGN_UP_MIN_SECONDS,
      },
      { headers: { 'cache-control': 'no-store' } },
    ),
}
