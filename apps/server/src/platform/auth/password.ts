import { hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import os from 'node:os';

// argon2id with m=7168 KiB, t=5, p=1: one of the configurations OWASP's password storage guidance lists as
// equal in defence to m=19456 KiB, t=2 (the library default), trading memory for passes at about the same CPU
// (7168 x 5 against 19456 x 2 KiB-passes). Each run holds its memory outside the V8 heap, so a burst of sign-ins
// or pay-password checks held 2 x 19 MB at once: the bench's server went from ~190 to 227 MB resident while
// its 100 payers opened pay sessions; 2 x 7 MB is 24 MB less. Hashes made with other parameters still verify
// (they carry their own) and are made again at the next sign-in (`needsRehash`).
const OPTIONS = {
  // 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  algorithm: 2,
  memoryCost: 7168,
  timeCost: 5,
  parallelism: 1,
} as const;

/** How a hash made now begins: algorithm, version and these parameters. */
const CURRENT_PREFIX = `$argon2id$v=19$m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}$`;

// Each argon2 run holds its memory outside the V8 heap on a libuv thread. Left alone, a burst of sign-ins or
// sign-ups fills all four threads (with 19 MB each, the bench's 1,000 sign-ups took the server to 244 MB
// resident, 201 with two at a time, in the same time on two cores) and queues file reads behind them.
export const ARGON2_AT_ONCE = Math.min(2, os.availableParallelism());
let running = 0;
const waiting: Array<() => void> = [];

/** Runs one argon2 job when a slot is free. */
export async function inTurn<T>(job: () => Promise<T>): Promise<T> {
  if (running >= ARGON2_AT_ONCE) await new Promise<void>((go) => waiting.push(go));
  else running++;
  try {
    return await job();
  } finally {
    // The slot passes straight to the next waiter (running stays counted), or frees.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(password, OPTIONS));
}

const argonVerify = (stored: string, password: string) =>
  inTurn(() => verify(stored, password)).catch(() => false);

/** A fixed hash to verify against when the user does not exist, so timing does not reveal usernames. */
let dummyHash: Promise<string> | null = null;

/** Checks a password; with no stored hash it still spends the same work. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hashPassword('not-a-real-password');
    await argonVerify(await dummyHash, password);
    return false;
  }
  // Accounts imported from Discuz! Q keep its bcrypt hash until their first login re-hashes it.
  if (isLegacyHash(stored)) return bcrypt.compare(password, normalizeBcrypt(stored)).catch(() => false);
  return argonVerify(stored, password);
}

/** Whether a stored hash should be made again once the password is known: bcrypt, or other parameters. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PREFIX);
}

/** A bcrypt hash (PHP writes `$2y$`), as the Discuz! Q importer brings them. */
export function isLegacyHash(stored: string): boolean {
  return /^\$2[abxy]\$\d\d\$/.test(stored);
}

/** PHP's `$2y$` is the same algorithm as `$2b$`; bcryptjs reads the latter. */
const normalizeBcrypt = (h: string) => h.replace(/^\$2[xy]\$/, '$2b$');

/** Password classes of the `password_strength` setting: 0 digit, 1 lowercase, 2 symbol, 3 uppercase. */
const CLASSES: Array<{ id: number; re: RegExp; zh: string; en: string }> = [
  { id: 0, re: /\d/, zh: '数字', en: 'a digit' },
  { id: 1, re: /[a-z]/, zh: '小写字母', en: 'a lowercase letter' },
  { id: 2, re: /[^A-Za-z0-9\s]/, zh: '符号', en: 'a symbol' },
  { id: 3, re: /[A-Z]/, zh: '大写字母', en: 'an uppercase letter' },
];

/** Parses the strength CSV ("0,1,3") into class ids. */
export function parseStrength(csv: string): number[] {
  return csv
    .split(',')
    .map((s) => Number.parseInt(s.trim(), 10))
    .filter((n) => n >= 0 && n <= 3);
}

/** The first rule a password breaks, or null: length (min from settings, at least 6; max 50), no spaces, classes. */
export function passwordProblem(
  password: string,
  minLength: number,
  strength: number[],
): { zh: string; en: string } | null {
  const min = Math.max(6, minLength);
  if (/\s/.test(password)) return { zh: '密码不能包含空格', en: 'The password cannot contain spaces' };
  if ([...password].length < min)
    return { zh: `密码长度不能少于${min}位`, en: `The password needs at least ${min} characters` };
  if ([...password].length > 50)
    return { zh: '密码长度不能超过50位', en: 'The password can have at most 50 characters' };
  for (const c of CLASSES) {
    if (strength.includes(c.id) && !c.re.test(password)) {
      return { zh: `密码必须包含${c.zh}`, en: `The password must contain ${c.en}` };
    }
  }
  return null;
}
