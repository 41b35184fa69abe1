import type { ContractName, Contracts } from '@/contracts'
import {
  fillPath,
  firstIssue,
  type HasParams,
  type InputOf,
  type OutputOf,
  type ParamsOf,
} from '@/contracts/contract'
import { ApiError, api } from './api'

type NeedsParams<N extends ContractName> = HasParams<Contracts[N]>

/** The path parameters, required only for contracts that have some. */
type ParamsArg<N extends ContractName> =
  NeedsParams<N> extends true ? [params: ParamsOf<Contracts[N]>] : []

/**
 * The islands' one way to the API: a contract by name, its typed input, its typed answer. The
 * input is checked with the contract's own schema first, so a refusal reads as the server's
 * would without a round trip. The registry (and zod with it) loads on the first call, keeping it
 * out of the page's first script.
 */
export async function send<N extends ContractName>(
  name: N,
  input: InputOf<Contracts[N]>,
  ...[params]: ParamsArg<N>
): Promise<OutputOf<Contracts[N]>> {
  const { contracts } = await import('@/contracts')
  const contract = contracts[name]
  const checked = contract.input.safeParse(input)
  if (!checked.success) throw new ApiError(firstIssue(checked.error).message, 400)
  const path = fillPath(contract.path, params as Record<string, unknown> | undefined)
  if (contract.method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(input as Record<string, unknown>)
        .filter(([, value]) => value !== undefined && value !== null)
        .map(([key, value]) => [key, String(value)]),
    )
    const url = query.size ? `${path}?${query}` : path
    return api<OutputOf<Contracts[N]>>(url, { shared: contract.cache === 'shared' })
  }
  return api<OutputOf<Contracts[N]>>(path, { method: contract.method, json: input })
}
