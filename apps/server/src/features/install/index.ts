/** Install feature: bootstrap of a new site and the first administrator. */
export { InstallService } from './install.service.js';
export { registerInstallRoutes } from './install.routes.js';
