import type { FastifyInstance } from 'fastify';

/** After build: the first admin from FORUM_ADMIN_* env, or a one-time setup link for the install page. */
export async function ensureAdmin(app: FastifyInstance, origin: string): Promise<string | null> {
  const { install, config } = app.forum;
  if (install.isInstalled()) return null;
  if (config.adminUsername && config.adminPassword) {
    const id = await install.createAdmin(config.adminUsername, config.adminPassword);
    app.log.info({ userId: id }, 'created the first administrator from FORUM_ADMIN_USERNAME');
    return null;
  }
  const token = await install.newSetupToken();
  return `${origin}/install?token=${token}`;
}
