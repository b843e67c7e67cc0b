import type { TestProject } from 'vitest/node';
import { startTestServer } from './test-server.js';

/** vitest globalSetup: one PostgreSQL server and one migrated template for the whole run. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startTestServer();
  project.provide('testServer', { adminUrl: server.adminUrl, template: server.template });
  return () => server.stop();
}
