// Small helpers over node:http: reading a bounded body and writing JSON answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { HttpError } from './http-errors.ts';

/** Reads the request body up to `limit` bytes; a larger body ends the request with 413. */
export async function readBody(req: IncomingMessage, limit: number, tooLarge: () => HttpError): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Deepest nesting of objects and arrays a JSON body may have. Real bodies (rows, function
 * arguments, user metadata) nest a few levels. Every later step that walks a value recursively
 * (JSON.stringify, Postgres' json and jsonb functions, which stop at max_stack_depth) fails at
 * some depth, with a stack overflow or an unmapped error, so a deeper body is refused up front.
 */
export const MAX_JSON_DEPTH = 64;

/** Why a body was refused: not JSON at all, or nested deeper than MAX_JSON_DEPTH. */
export type JsonFault = 'syntax' | 'depth';

/** Parses a JSON body; empty bodies become `empty`, malformed or too deeply nested ones throw the given error. */
export function parseJson(text: string, invalid: (detail: string, fault: JsonFault) => HttpError, empty: unknown = {}): unknown {
  if (text.trim() === '') return empty;
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw invalid(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`, 'depth');
  try {
    return JSON.parse(text);
  } catch (err) {
    throw invalid(err instanceof Error ? err.message : String(err), 'syntax');
  }
}

/** True when brackets outside strings open more than `max` levels; one pass, no recursion. */
function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) {
      inString = true;
    } else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** Writes a JSON (or pre-serialised JSON text) response. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

/** Writes an HttpError, rendering the versioned auth envelope when the client asked for it. */
export function sendError(res: ServerResponse, err: HttpError, versioned: boolean, extraHeaders: Record<string, string> = {}): void {
  sendJson(res, err.status, err.payload(versioned), { ...extraHeaders, ...err.headers });
}

/** Lower-cased single value of a request header. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** What a route handler answers; the server adds CORS and writes it. */
export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** JSON text (or other text when content-type says so); absent for empty answers. */
  body?: string;
  /** Bytes streamed as the body instead (Storage downloads); headers give their type and length. */
  stream?: Readable;
}

/** A JSON reply. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, body: typeof value === 'string' ? value : JSON.stringify(value), headers };
}
