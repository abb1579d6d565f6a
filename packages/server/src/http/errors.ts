/**
 * An answer to refuse a request with: the error handlers (the app's, and the plugins' own) send it
 * as `statusCode { code, message }`, the message being the shopper's (core's catalogue).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
