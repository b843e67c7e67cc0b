import type { FastifyInstance } from 'fastify';

/** Options for mounting the server-rendered site. */
export interface WebOptions {
  /** Vite middleware (dev) or built bundles (production). */
  mode: 'dev' | 'prod' | 'off';
}

/** Mounts SSR pages and static assets on the forum server (filled in by the web client issue). */
export async function registerWebPages(_app: FastifyInstance, _opts: WebOptions): Promise<void> {}
