import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsSendError, TencentSmsProvider, type TencentSmsConfig } from './sms.providers.js';
import { parseTc3Authorization, tc3Date, tc3Signature } from './tc3.js';

// A local stand-in for the SMS API that checks requests the way the real service documents it: the TC3
// signature recomputed from the secret it knows, the credential date against the timestamp, a timestamp
// within five minutes, the action and version headers; it answers in the service's reply shapes.

const KEYS: Record<string, string> = { AKIDtest: 'test-secret-key' };
const received: Array<Record<string, unknown>> = [];

function fail(code: string, message: string) {
  return { Response: { Error: { Code: code, Message: message }, RequestId: 'fake' } };
}

function check(req: IncomingMessage, body: string): object {
  const auth = parseTc3Authorization(String(req.headers.authorization ?? ''));
  if (!auth) return fail('AuthFailure.InvalidAuthorization', 'bad Authorization header');
  const secretKey = KEYS[auth.secretId];
  if (!secretKey) return fail('AuthFailure.SecretIdNotFound', 'unknown SecretId');
  const timestamp = Number(req.headers['x-tc-timestamp']);
  if (Math.abs(Date.now() / 1000 - timestamp) > 300) return fail('AuthFailure.SignatureExpire', 'expired');
  if (
    auth.date !== tc3Date(timestamp) ||
    auth.service !== 'sms' ||
    auth.signedHeaders !== 'content-type;host'
  )
    return fail('AuthFailure.SignatureFailure', 'bad credential scope');
  const want = tc3Signature(
    {
      secretId: auth.secretId,
      secretKey,
      service: 'sms',
      host: String(req.headers.host),
      contentType: String(req.headers['content-type']),
      body,
      timestamp,
    },
    auth.date,
  );
  if (want !== auth.signature) return fail('AuthFailure.SignatureFailure', 'signature mismatch');
  if (req.headers['x-tc-action'] !== 'SendSms' || req.headers['x-tc-version'] !== '2021-01-11')
    return fail('InvalidAction', 'unknown action');
  const payload = JSON.parse(body) as { PhoneNumberSet: string[]; TemplateId: string };
  received.push(payload);
  if (payload.TemplateId === 'bad') return fail('FailedOperation.TemplateIncorrectOrUnapproved', 'template');
  return {
    Response: {
      SendStatusSet: payload.PhoneNumberSet.map((p) => ({
        Code: 'Ok',
        Message: 'send success',
        PhoneNumber: p,
      })),
      RequestId: 'fake',
    },
  };
}

let server: Server;
let endpoint: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(check(req, body)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const config = (over: Partial<TencentSmsConfig> = {}): TencentSmsConfig => ({
  secretId: 'AKIDtest',
  secretKey: 'test-secret-key',
  sdkAppId: '1400000000',
  signName: '论坛',
  templateId: '100001',
  region: 'ap-guangzhou',
  endpoint,
  ...over,
});
const message = { mobile: '13900001111', code: '123456', minutes: 5 };

describe('Tencent Cloud SMS client against a local fake', () => {
  it('signs a SendSms request the service accepts', async () => {
    await new TencentSmsProvider(() => config()).send(message);
    expect(received.at(-1)).toMatchObject({
      PhoneNumberSet: ['+8613900001111'],
      SmsSdkAppId: '1400000000',
      TemplateParamSet: ['123456', '5'],
    });
  });

  it('a wrong secret, a stale clock and a refused template each fail with the service reason', async () => {
    const wrong = new TencentSmsProvider(() => config({ secretKey: 'other' }));
    await expect(wrong.send(message)).rejects.toThrow(/AuthFailure.SignatureFailure/);
    const stale = new TencentSmsProvider(
      () => config(),
      () => Date.now() - 10 * 60_000,
    );
    await expect(stale.send(message)).rejects.toThrow(/AuthFailure.SignatureExpire/);
    const bad = new TencentSmsProvider(() => config({ templateId: 'bad' }));
    await expect(bad.send(message)).rejects.toThrow(/TemplateIncorrect/);
  });

  it('unconfigured or unreachable is a send error, never a crash', async () => {
    await expect(new TencentSmsProvider(() => config({ secretId: '' })).send(message)).rejects.toBeInstanceOf(
      SmsSendError,
    );
    const down = new TencentSmsProvider(() => config({ endpoint: 'http://127.0.0.1:1' }));
    await expect(down.send(message)).rejects.toBeInstanceOf(SmsSendError);
  });

  it('reproduces the worked example of the public signature v3 documentation', () => {
    // The documented DescribeInstances example (masked demo key, 2019-02-25) and its published signature.
    const body = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';
    const sig = tc3Signature({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3*******',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3*******',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      contentType: 'application/json; charset=utf-8',
      body,
      timestamp: 1551113065,
    });
    expect(sig).toBe('2230eefd229f582d8b1b891af7107b91597240707d778ab3738f756258d7652c');
    expect(tc3Date(1551113065)).toBe('2019-02-25');
  });
});
