import type { ContractName, Contracts } from '@/contracts'
import {
  fillPath,
  type HasParams,
  type InputOf,
  type OutputOf,
  type ParamsOf,
} from '@/contracts/contract'
import { routes } from '@/contracts/routes'
import { api } from './api'

/** The path parameters, required only for contracts that have some. */
type ParamsArg<N extends ContractName> =
  HasParams<Contracts[N]> extends true ? [params: ParamsOf<Contracts[N]>] : []

/**
 * The islands' one way to the API: a contract by name, its typed input, its typed answer. It
 * reads only the contracts' route table (src/contracts/routes.ts), so no schema or message of
 * the registry reaches a page's script; the server's command checks the input and answers with
 * the contract's message, which `api` throws as an ApiError.
 */
export function send<N extends ContractName>(
  name: N,
  input: InputOf<Contracts[N]>,
  ...[params]: ParamsArg<N>
): Promise<OutputOf<Contracts[N]>> {
  const [method, template, shared] = routes[name] as readonly [string, string, 'shared'?]
  const path = fillPath(template, params as Record<string, unknown> | undefined)
  if (method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(input as Record<string, unknown>)
        .filter(([, value]) => value !== undefined && value !== null)
        .map(([key, value]) => [key, String(value)]),
    )
    const url = query.size ? `${path}?${query}` : path
    return api<OutputOf<Contracts[N]>>(url, { shared: shared === 'shared' })
  }
  return api<OutputOf<Contracts[N]>>(path, { method, json: input })
}
