import { settingValueProblem, settingsCrossProblem, type SettingItem } from '@forum/contracts';

/**
 * The first problem of a batch of new values, checked one by one (the contracts' per-key rules, shared with
 * the admin forms) and then across fields; null when fine.
 */
export function settingsProblem(items: SettingItem[], current: (key: string) => string): string | null {
  for (const it of items) {
    if (!/^[a-z][a-z0-9_]{0,99}$/.test(it.key)) return `${it.key}: not a setting name`;
    const problem = settingValueProblem(it.key, it.value);
    if (problem) return `${it.key}: ${problem}`;
  }
  // Cross-field rules of the original: the value after this batch, else the stored one.
  return settingsCrossProblem((key) => items.find((i) => i.key === key)?.value ?? current(key));
}

/** Keys whose values are secrets: shown masked to the admin area, never in full. */
export function isSecretKey(key: string): boolean {
  return /(secret|password|private_key|secret_key|app_key|api_key|token)$/i.test(key);
}
