import type { BrowserContext, Page } from 'playwright-core';

/** A 1×1 PNG, small enough to inline and valid for the server's image re-encoder. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Logs in through the login form and waits for the home page. */
export async function loginAs(page: Page, base: string, username: string, password: string): Promise<void> {
  await page.goto(base + '/user/login');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-form').locator('button[type="submit"]').click();
  await page.waitForURL(base + '/');
}

/** An envelope as the tests read it. */
export interface Reply<T = unknown> {
  Code: number;
  Message: string;
  Data: T;
}

/** Calls the API with the context's cookies and its CSRF header (JSON body for POST, query for GET). */
export async function api<T = unknown>(
  context: BrowserContext,
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Reply<T>> {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const res =
    method === 'GET'
      ? await context.request.get(base + path)
      : await context.request.post(base + path, { data: body ?? {}, headers: { 'x-csrf-token': csrf } });
  return (await res.json()) as Reply<T>;
}

/** Uploads a file as multipart with the given name (file names are an injection vector too). */
export async function upload(
  context: BrowserContext,
  base: string,
  name: string,
  buffer: Buffer,
  type: number,
  mimeType: string,
): Promise<Reply<{ id: number; url: string; fileName: string }>> {
  const csrf = (await context.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
  const res = await context.request.post(`${base}/api/v3/attachments?type=${type}`, {
    headers: { 'x-csrf-token': csrf },
    multipart: { type: String(type), file: { name, mimeType, buffer } },
  });
  return (await res.json()) as Reply<{ id: number; url: string; fileName: string }>;
}
