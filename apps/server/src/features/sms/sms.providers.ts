import type { FastifyBaseLogger } from 'fastify';
import { tc3Authorization } from './tc3.js';

/** One text message with a code. */
export interface SmsMessage {
  mobile: string;
  code: string;
  /** Minutes the code stays valid (a template parameter). */
  minutes: number;
}

/** Where codes are sent: Tencent Cloud, the server log, or another service plugged in later. */
export interface SmsProvider {
  /** Sends one message; throws when the service refused it (the caller answers -5004). */
  send(message: SmsMessage): Promise<void>;
}

/** Development and tests: prints each code to the server log and remembers the last ones sent. */
export class ConsoleSmsProvider implements SmsProvider {
  /** Most recent first; a test hook (browser tests read the code from here instead of a phone). */
  readonly sent: SmsMessage[] = [];

  constructor(private readonly log: Pick<FastifyBaseLogger, 'info'>) {}

  async send(message: SmsMessage): Promise<void> {
    this.log.info(`sms code ${message.code} to ${message.mobile}`);
    this.sent.unshift(message);
    this.sent.length = Math.min(this.sent.length, 100);
  }

  /** The last code sent to a phone. */
  lastCode(mobile: string): string | undefined {
    return this.sent.find((m) => m.mobile === mobile)?.code;
  }
}

/** Tencent Cloud SMS settings (tag qcloud). */
export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  /** API origin; a local fake in tests. */
  endpoint: string;
}

/** Thrown when the SMS service refuses or cannot be reached. */
export class SmsSendError extends Error {}

/** Tencent Cloud SMS API 3.0 `SendSms` (version 2021-01-11), signed with TC3-HMAC-SHA256. */
export class TencentSmsProvider implements SmsProvider {
  constructor(
    private readonly config: () => TencentSmsConfig,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const c = this.config();
    if (!c.secretId || !c.secretKey || !c.sdkAppId || !c.templateId) {
      throw new SmsSendError('Tencent Cloud SMS is not configured');
    }
    const url = new URL(c.endpoint);
    const body = JSON.stringify({
      PhoneNumberSet: [`+86${message.mobile}`],
      SmsSdkAppId: c.sdkAppId,
      SignName: c.signName,
      TemplateId: c.templateId,
      TemplateParamSet: [message.code, String(message.minutes)],
    });
    const contentType = 'application/json; charset=utf-8';
    const timestamp = Math.floor(this.now() / 1000);
    const authorization = tc3Authorization({
      secretId: c.secretId,
      secretKey: c.secretKey,
      service: 'sms',
      host: url.host,
      contentType,
      body,
      timestamp,
    });
    let reply: unknown;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': contentType,
          'X-TC-Action': 'SendSms',
          'X-TC-Version': '2021-01-11',
          'X-TC-Region': c.region,
          'X-TC-Timestamp': String(timestamp),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      reply = await res.json();
    } catch (err) {
      throw new SmsSendError(`SMS service unreachable: ${(err as Error).message}`);
    }
    const r = (reply as { Response?: TencentReply }).Response;
    if (!r) throw new SmsSendError('SMS service: malformed reply');
    if (r.Error) throw new SmsSendError(`SMS service: ${r.Error.Code} ${r.Error.Message}`);
    const status = r.SendStatusSet?.[0];
    if (status?.Code !== 'Ok') throw new SmsSendError(`SMS service: ${status?.Code ?? 'no status'}`);
  }
}

interface TencentReply {
  Error?: { Code: string; Message: string };
  SendStatusSet?: Array<{ Code: string; Message: string; PhoneNumber: string }>;
  RequestId?: string;
}
