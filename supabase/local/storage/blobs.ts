// Where object bytes live: a folder (`.local-data/storage` by default) or, for tests, memory.
// Bytes are stored under the object's version (a uuid the server makes), never under its name,
// so no name can reach outside the folder. A new upload is written to a temporary file and
// renamed into place; the temporary file goes on any failure.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { UUID } from '../auth/bearer.ts';

/** Bytes being received: written chunk by chunk, then kept under a key or thrown away. */
export interface BlobWriter {
  write(chunk: Buffer): Promise<void>;
  /** Makes the bytes readable under key (replacing nothing: keys are fresh versions). */
  keep(key: string): Promise<void>;
  /** Throws the bytes away; safe to call after keep() or twice. */
  discard(): Promise<void>;
}

/** Stored bytes, opened for reading. */
interface StoredBlob {
  size: number;
  stream(): Readable;
}

/** The object bytes of one backend. */
export interface BlobStore {
  writer(): Promise<BlobWriter>;
  /** The bytes kept under key, or null when there are none. */
  open(key: string): Promise<StoredBlob | null>;
  /** Removes the bytes under key, if any. */
  remove(key: string): Promise<void>;
}

/** Versions are uuids made by this server; anything else never names a file. */
function checkKey(key: string): void {
  if (!UUID.test(key)) throw new Error(`Not a blob key: ${key}`);
}

/** A BlobStore for dir, or in memory when dir starts with `memory://`. */
export function openBlobStore(dir: string): BlobStore {
  return dir.startsWith('memory://') ? memoryStore() : folderStore(dir);
}

function folderStore(root: string): BlobStore {
  const objects = join(root, 'objects');
  const incoming = join(root, 'incoming');
  const ready = Promise.all([mkdir(objects, { recursive: true }), mkdir(incoming, { recursive: true })]);
  return {
    async writer() {
      await ready;
      const temp = join(incoming, randomUUID());
      let handle: FileHandle | null = await open(temp, 'wx');
      const close = async () => {
        const h = handle;
        handle = null;
        await h?.close();
      };
      return {
        async write(chunk) {
          if (!handle) throw new Error('Blob writer is closed');
          await handle.write(chunk);
        },
        async keep(key) {
          checkKey(key);
          await close();
          await rename(temp, join(objects, key));
        },
        async discard() {
          await close();
          await rm(temp, { force: true });
        },
      };
    },
    async open(key) {
      checkKey(key);
      const path = join(objects, key);
      const info = await stat(path).catch(() => null);
      return info ? { size: info.size, stream: () => createReadStream(path) } : null;
    },
    async remove(key) {
      checkKey(key);
      await rm(join(objects, key), { force: true });
    },
  };
}

function memoryStore(): BlobStore {
  const kept = new Map<string, Buffer>();
  return {
    async writer() {
      let chunks: Buffer[] = [];
      return {
        async write(chunk) {
          chunks.push(chunk);
        },
        async keep(key) {
          checkKey(key);
          kept.set(key, Buffer.concat(chunks));
          chunks = [];
        },
        async discard() {
          chunks = [];
        },
      };
    },
    async open(key) {
      const bytes = kept.get(key);
      return bytes ? { size: bytes.length, stream: () => Readable.from([bytes]) } : null;
    },
    async remove(key) {
      kept.delete(key);
    },
  };
}
