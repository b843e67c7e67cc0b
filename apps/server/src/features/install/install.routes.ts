import { install, installStatus } from '@forum/contracts';
import type { Route } from '../../platform/http/router.js';
import type { InstallService } from './install.service.js';

/** Mounts the install page's calls. */
export function registerInstallRoutes(route: Route, deps: { install: InstallService }): void {
  const open = { status: 'skip', siteClosedExempt: true, payExempt: true } as const;
  route(installStatus, open, async () => ({ installed: deps.install.isInstalled() }));
  route(install, { ...open, rateClass: 'auth' }, async (input) => ({
    userId: await deps.install.installWithToken(input),
  }));
}
