/** A registered member: the login token and the id others message. */
export interface Member {
  token: string;
  userId: number;
}

/** Registrations in flight at once: enough to keep the server's argon2 threads busy, few enough to stay polite. */
const BATCH = 50;

async function register(base: string, username: string, password: string): Promise<Member> {
  const r = await fetch(base + '/api/v3/users/username.register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const j = (await r.json()) as {
    Code: number;
    Message: string;
    Data: { accessToken: string; userId: number };
  };
  if (j.Code !== 0) throw new Error(`register ${username} failed: ${j.Code} ${j.Message}`);
  return { token: j.Data.accessToken, userId: j.Data.userId };
}

/** Registers `count` fresh members in concurrent batches (each costs an argon2 hash on the server). */
export async function registerMembers(base: string, count: number, prefix = 'benchpm'): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < count; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) =>
      register(base, `${prefix}${i + k}`, 'benchpm1'),
    );
    out.push(...(await Promise.all(batch)));
  }
  return out;
}
