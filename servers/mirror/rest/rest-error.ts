// The REST (Node) module's error shape: each problem is an object with only `message`
// (middleware/httpErrorHandler.js), unlike the web3 module's message/detail/data triple.

export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly messages: readonly string[],
  ) {
    super(messages.join('; '));
  }
}

export const notFound = (): RestError => new RestError(404, ['Not found']);
export const serviceUnavailable = (): RestError => new RestError(503, ['Service unavailable']);
export const internalError = (): RestError => new RestError(500, ['Internal error']);

export function restErrorBody(messages: readonly string[]): string {
  return JSON.stringify({ _status: { messages: messages.map((message) => ({ message })) } });
}
