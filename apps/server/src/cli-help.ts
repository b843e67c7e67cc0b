// The CLI's help: every command's usage, printed by `--help` and used by the dispatcher to know commands.

/** Each command's usage line(s) and what it does; `--help` prints these, and the list is made of them. */
export const HELP: Record<string, { usage: string; about: string }> = {
  'admin:create': {
    usage: 'admin:create --username NAME --password PASS',
    about: 'create an administrator',
  },
  migrate: { usage: 'migrate', about: 'apply migrations and bootstrap, then exit' },
  seed: {
    usage: 'seed [--users U] [--threads N] [--replies M] [--big-thread R]',
    about:
      'add realistic users, threads and replies\n' +
      '(npm run seed -- --threads 10000 --replies 100000 --users 1000)',
  },
  'fake:oauth': {
    usage: 'fake:oauth [--wechat-port 7801] [--oidc-port 7802] [--apply]',
    about:
      'start the local WeChat and OpenID Connect fakes for manual\n' +
      "tries; --apply points the site's settings at them",
  },
  'import:discuzq': {
    usage: 'import:discuzq --from mysql://user:pass@host/db [--files DIR] [--dry-run] [--batch N]',
    about: 'bring a Discuz! Q site over (resumable: run again to continue)',
  },
  'search:reindex': {
    usage: 'search:reindex [--priced]',
    about:
      "rebuild threads' search index (--priced: threads with a\n" +
      'price only, whose paid part older versions indexed)',
  },
  'topics:extract': {
    usage: 'topics:extract',
    about:
      'make topics of the #name# tags in existing threads (seeded,\n' +
      'imported or older content), link them, recount',
  },
  backup: {
    usage: 'backup [--to DIR]',
    about:
      "write one archive of the database and DATA_DIR's files\n" +
      '(default DIR: the backup_dir setting, else DATA_DIR/backups)',
  },
  restore: {
    usage: 'restore FILE [--force]',
    about:
      'bring an archive back into an empty database and DATA_DIR\n' +
      '(--force replaces a site that is there; stop the forum first)',
  },
  'storage:migrate': {
    usage: 'storage:migrate [--from DIR]',
    about:
      'copy DATA_DIR/uploads (or DIR) into the object store that\n' +
      "STORAGE_URL or the admin's COS settings name (resumable:\n" +
      'files already there with the same size are skipped)',
  },
};

/** Usage and description of some commands, aligned: the description starts at column 49. */
function helpOf(names: string[]): string {
  const lines: string[] = [];
  for (const name of names) {
    const { usage, about } = HELP[name]!;
    const [first, ...rest] = about.split('\n');
    const head = `  ${usage}`;
    if (head.length < 49) lines.push(`${head.padEnd(49)}${first}`);
    else lines.push(head, `${' '.repeat(49)}${first}`);
    for (const r of rest) lines.push(`${' '.repeat(49)}${r}`);
  }
  return lines.join('\n');
}

export const usage = `usage: npm run forum -- <command> [options]   (<command> --help: that command's usage)
${helpOf(Object.keys(HELP))}`;

/** One command's usage, for its `--help` and for a call that misses what it needs. */
export function commandHelp(name: string): string {
  const { usage: line, about } = HELP[name]!;
  return `usage: npm run forum -- ${line}\n\n${about.replace(/^/gm, '  ')}`;
}

/**
 * What `--help` / `-h` (anywhere in `args`) or `help` asks for: the command's usage, or the list of all; null
 * when no help was asked.
 */
export function helpFor(command: string | undefined, args: string[]): string | null {
  if (command === '--help' || command === '-h' || command === 'help') return usage;
  if (!args.includes('--help') && !args.includes('-h')) return null;
  return command && HELP[command] ? commandHelp(command) : usage;
}
