import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { answerOf, type ErrorCode } from '../../kernel/errors';

/** What Node's HTTP parser reports on a request it cannot read ('clientError'). */
interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/**
 * A request line or headers over Node's limit (`maxHeaderSize`, 16 KiB) never reach Express:
 * Node's parser answers 431 with an empty body. Answered here instead with a JSON body from the
 * code table: 414 UriTooLong when the request line alone is over the limit (the chunk that
 * overflowed holds no end of line), else 431 RequestHeaderFieldsTooLarge. Other requests that
 * are not HTTP get a JSON 400 BadRequest (408 RequestTimeout on a timeout), where Node would
 * answer without a body; each from its row of the table.
 */
export function answerClientError(err: ParserError, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  let code: ErrorCode;
  let message: string;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    const packet = err.rawPacket;
    const requestLine = packet !== undefined && /^[A-Z]+ /.test(packet.toString('latin1', 0, 16));
    const tooLongUri = requestLine && packet!.indexOf('\r\n') === -1;
    code = tooLongUri ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
    message = tooLongUri
      ? `the request line is longer than the server reads (${maxHeaderSize} bytes with the headers); use a shorter path`
      : `the request line and headers are larger than the server reads (${maxHeaderSize} bytes)`;
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    code = 'REQUEST_TIMEOUT';
    message = 'the request was not received in time';
  } else {
    code = 'UNREADABLE_REQUEST';
    message = 'the request could not be read as HTTP/1.1';
  }
  const { status, body } = answerOf({ code, message });
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  );
}
