import { buildApp } from './app.js';
import { loadConfig } from './platform/config.js';

// `npm run forum -- <command>`: admin:create, migrate. Later issues add seed and import.
const [command, ...args] = process.argv.slice(2);

function flag(name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

const usage = `usage: npm run forum -- <command>
  admin:create --username NAME --password PASS   create an administrator
  migrate                                        apply migrations and bootstrap, then exit`;

async function main(): Promise<number> {
  if (command !== 'admin:create' && command !== 'migrate') {
    console.log(usage);
    return command ? 2 : 0;
  }
  const app = await buildApp(loadConfig(process.env, { web: 'off', logLevel: 'warn' }));
  try {
    if (command === 'admin:create') {
      const username = flag('username') ?? args[0];
      const password = flag('password') ?? args[1];
      if (!username || !password) {
        console.error(usage);
        return 2;
      }
      const id = await app.forum.install.createAdmin(username, password);
      console.log(`administrator ${username} created (user id ${id})`);
    } else {
      console.log('migrations applied');
    }
    return 0;
  } catch (err) {
    console.error(`error: ${(err as Error).message || (err as { code?: number }).code}`);
    return 1;
  } finally {
    await app.close();
  }
}

process.exitCode = await main();
