/** The server entry, built by `npm run build`. */
export const SERVER_MAIN: string;
/** Node flags for the server process. */
export function serverNodeFlags(env?: NodeJS.ProcessEnv): string[];
/** The server process's environment. */
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
