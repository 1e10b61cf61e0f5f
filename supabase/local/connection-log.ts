// Why the backend closed a connection, printed when it is not the ordinary end of one: a client
// whose connection is reset or refused is told nothing by the server, so the server says it here.
// Node's HTTP server closes a connection on its own for a request it cannot read (a malformed or
// oversized head, 400/431), for a request that takes longer to arrive than headersTimeout or
// requestTimeout (408), and when a kept-alive connection stays idle longer than keepAliveTimeout
// (the ordinary end, not logged). A client that goes away is logged as the client's doing.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** The answers Node's own clientError handler writes before closing (lib/_http_server.js). */
const ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
};

/** Codes of a connection the client ended or broke: nothing is written back. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE']);

/** Logs each connection the server closes for an error, and closes it as Node would. */
export function logClosedConnections(server: Server, log: (line: string) => void = (line) => console.error(line)): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { remotePort?: number; bytesWritten?: number }) => {
    const code = error.code ?? 'unknown';
    const peer = `127.0.0.1:${socket.remotePort ?? '?'}`;
    if (CLIENT_GONE.has(code)) {
      log(`[backend] connection from ${peer} closed by the client (${code}) before its answer was written`);
    } else {
      const answer = ANSWERS[code] ?? '400 Bad Request';
      log(`[backend] closed the connection from ${peer}: ${error.message} (${code}); answered ${answer}`);
      if (socket.writable && !socket.bytesWritten) socket.write(`HTTP/1.1 ${answer}\r\nConnection: close\r\n\r\n`);
    }
    socket.destroy(error);
  });
  // A connection that ends while its request is being answered: the client gave up (a timeout of
  // its own) or the answer failed half-way (the server's own error is logged where it happened).
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    res.once('close', () => {
      if (!res.writableFinished) log(`[backend] ${req.method} ${req.url} ended before its answer was complete: the client closed the connection ${Math.round(performance.now() - started)} ms after the server read the request`);
    });
  });
}
