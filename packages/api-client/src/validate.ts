import type { CallContract, CallInput } from '@forum/contracts';

/** Prefix of every rejection from the explicit validator (spec §5). */
export const VALIDATOR_ERROR = 'Parameter Validator Error';

/** The first failing field's message, or null when the input satisfies the contract. */
export function firstValidationError(contract: CallContract, input: unknown): string | null {
  const result = contract.input.safeParse(input ?? {});
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return 'invalid input';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Explicit validator: resolves when valid, rejects with "Parameter Validator Error: <first error>". */
export async function validateInput<C extends CallContract>(contract: C, input: CallInput<C>): Promise<void> {
  const error = firstValidationError(contract, input);
  if (error !== null) throw new Error(`${VALIDATOR_ERROR}: ${error}`);
}
