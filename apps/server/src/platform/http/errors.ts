import { Code } from '@forum/contracts';

/** A failure a client can cause or must be told about; becomes the envelope with its code in one place. */
export class AppError extends Error {
  /** The message in both languages when it was given so: the reply picks the reader's (error-handler.ts). */
  readonly messages?: Bilingual;

  constructor(
    readonly code: number,
    message: string | Bilingual = '',
    readonly data: unknown = null,
    /** Overrides the HTTP status derived from the code (e.g. 413 for a too-large body). */
    readonly httpStatus?: number,
  ) {
    super(typeof message === 'string' ? message : message.zh);
    if (typeof message !== 'string') this.messages = message;
    this.name = 'AppError';
  }
}

/** A message a person reads, in both UI languages; services without the request's language throw these. */
export interface Bilingual {
  zh: string;
  en: string;
}

/** -4001 with a message naming the problem. */
export const invalid = (message: string, data: unknown = null) =>
  new AppError(Code.INVALID_PARAMETER, message, data);
/** -4002 no permission. */
export const forbidden = (message = '') => new AppError(Code.UNAUTHORIZED, message);
/** -4004 not found. */
export const notFound = (message = '') => new AppError(Code.RESOURCE_NOT_FOUND, message);
/** -3001 the caller must log in. */
export const loginRequired = () => new AppError(Code.JUMP_TO_LOGIN);
