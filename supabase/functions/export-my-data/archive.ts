// The export as one zip, streamed as it is made: data.json first (deflated), then each document
// file as it was uploaded (stored: PDFs and photos are compressed already, and storing costs no
// CPU but the checksum). fflate writes the zip; the files are downloaded a few at a time ahead of
// the writer, so memory holds a few files, not all thirty (a hosted function has 256 MB).
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** Files downloaded ahead of the one being written. */
const AHEAD = 4;

export interface ArchiveEntry {
  path: string;
  /** Reads the file's bytes; a failure ends the stream with that error. */
  read(): Promise<Uint8Array>;
}

/** A zip of data.json and `entries`, in that order, as a stream of bytes. */
export function zipStream(dataJson: string, entries: ArchiveEntry[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      const write = async () => {
        const data = new ZipDeflate('data.json', { level: 6 });
        zip.add(data);
        data.push(strToU8(dataJson), true);
        const pending = entries.map(() => null as Promise<Uint8Array> | null);
        const start = (index: number) => {
          if (index >= entries.length || pending[index]) return;
          const reading = entries[index]!.read();
          // Marked handled: a read ahead that fails after an earlier one ended the stream must
          // not be an unhandled rejection (which ends a Deno process); its own await still throws.
          reading.catch(() => undefined);
          pending[index] = reading;
        };
        for (let index = 0; index < entries.length; index += 1) {
          for (let ahead = index; ahead < index + AHEAD; ahead += 1) start(ahead);
          const bytes = await pending[index]!;
          pending[index] = null;
          const file = new ZipPassThrough(entries[index]!.path);
          zip.add(file);
          file.push(bytes, true);
        }
        zip.end();
      };
      write().catch((error: unknown) => controller.error(error));
    },
  });
}
