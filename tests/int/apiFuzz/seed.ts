/**
 * The fuzz run's seed: FUZZ_SEED when given (a number, or `random` for a new one each run), else
 * a fixed one, so that a run in CI is the same run every time and a failure is reproducible.
 */
export function fuzzSeed(): number {
  const asked = process.env.FUZZ_SEED
  if (asked === 'random') return Math.floor(Math.random() * 2 ** 31)
  return asked ? Number(asked) : 56_2026
}

export const rerunHint = (seed: number) =>
  `api fuzz failed with seed ${seed}; run it again with:\n` +
  `  FUZZ_SEED=${seed} npx vitest run tests/int/api-fuzz.test.ts`
