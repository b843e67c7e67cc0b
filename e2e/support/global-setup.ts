import { buildWeb, noChromiumReason } from './forum-server.ts';

/** Builds the web bundles once for the whole browser run (files must not race on apps/web/dist). */
export default function setup(): void {
  if (!noChromiumReason) buildWeb();
}
