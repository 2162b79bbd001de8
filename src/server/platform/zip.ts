import type { Writable } from 'node:stream';
import zlib from 'node:zlib';

/** Bit 3: sizes and CRC follow the data (a streamed entry); bit 11: the name is UTF-8. */
const STREAMED = 0x0808;
const UTF8 = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
const ZIP32_MAX = 0xffffffff;
/** Uncompressed text gathered before it goes to the compressor: fewer, larger writes. */
const CHUNK = 64 * 1024;

interface Entry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/**
 * A .zip written front to back into `out` (an .xlsx is one): small parts whole, a large one streamed through a deflate
 * stream whose work runs on libuv's thread pool beside the JavaScript that writes the text. The format is the plain one
 * (no ZIP64): an entry over 4 GB is refused, far beyond a sheet's 1,048,576 rows of a report.
 */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosStamp(new Date());

  constructor(private readonly out: Writable) {}

  /** A whole part, compressed at once. */
  file(name: string, content: string): void {
    const data = Buffer.from(content, 'utf8');
    const packed = zlib.deflateRawSync(data);
    const entry = this.begin(name, UTF8);
    Object.assign(entry, { crc: crc32(data), compressed: packed.length, size: data.length });
    this.emit(localHeader(entry, this.stamp));
    this.emit(packed);
  }

  /** A part written piece by piece: `write` its text, `end` it before the next part. */
  stream(name: string): ZipEntryStream {
    const entry = this.begin(name, STREAMED);
    this.emit(localHeader(entry, this.stamp));
    return new ZipEntryStream(
      entry,
      (chunk) => this.emit(chunk),
      () => this.emit(dataDescriptor(entry)),
    );
  }

  /** The central directory: the zip is complete once it is written. */
  finish(): void {
    const start = this.offset;
    for (const entry of this.entries) this.emit(centralHeader(entry, this.stamp));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.emit(end);
  }

  private begin(name: string, flags: number): Entry {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), flags, crc: 0, compressed: 0, size: 0, offset: this.offset };
    this.entries.push(entry);
    return entry;
  }

  private emit(chunk: Buffer): void {
    this.offset += chunk.length;
    if (this.offset > ZIP32_MAX) throw new Error('El archivo supera los 4 GB que admite un .zip sin ZIP64');
    // a download the client left: the writer stops at its next turn (XlsxReaderGone), the compressor's last output is dropped
    if (!this.out.destroyed) this.out.write(chunk);
  }
}

export class ZipEntryStream {
  // level 3: nearly level 1's speed (the compressor keeps up with the rows) and most of level 6's size
  private readonly deflate = zlib.createDeflateRaw({ level: 3 });
  private pending: string[] = [];
  private pendingLength = 0;
  private readonly ended: Promise<void>;

  constructor(
    private readonly entry: Entry,
    emit: (chunk: Buffer) => void,
    onEnd: () => void,
  ) {
    this.deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      emit(chunk);
    });
    this.ended = new Promise((resolve, reject) => {
      this.deflate.on('end', () => {
        try {
          onEnd();
          resolve();
        } catch (err) {
          reject(err as Error);
        }
      });
      this.deflate.on('error', reject);
    });
  }

  write(text: string): void {
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= CHUNK) this.flushText();
  }

  /** Resolves once the compressor has room for more (it works behind the writer on another thread). */
  async drained(): Promise<void> {
    this.flushText();
    if (this.deflate.writableNeedDrain) await new Promise((resolve) => this.deflate.once('drain', resolve));
  }

  async end(): Promise<void> {
    this.flushText();
    this.deflate.end();
    await this.ended;
    if (this.entry.size > ZIP32_MAX) throw new Error('El archivo supera los 4 GB que admite un .zip sin ZIP64');
  }

  /** Stops compressing (the download was left): nothing more is emitted. */
  destroy(): void {
    this.deflate.destroy();
  }

  private flushText(): void {
    if (!this.pendingLength) return;
    const data = Buffer.from(this.pending.join(''), 'utf8');
    this.pending = [];
    this.pendingLength = 0;
    this.entry.crc = crc32(data, this.entry.crc);
    this.entry.size += data.length;
    this.deflate.write(data);
  }
}

/**
 * The fields a local header (from byte 6) and a central one (from byte 8) share, in the same order: flags, method,
 * time stamp, CRC, compressed and plain sizes, the name's length. A streamed entry's local CRC and sizes are 0: they
 * follow its data.
 */
function entryFields(h: Buffer, at: number, entry: Entry, stamp: number): void {
  h.writeUInt16LE(entry.flags, at);
  h.writeUInt16LE(DEFLATE, at + 2);
  h.writeUInt32LE(stamp, at + 4);
  h.writeUInt32LE(entry.crc, at + 8);
  h.writeUInt32LE(entry.compressed, at + 12);
  h.writeUInt32LE(entry.size, at + 16);
  h.writeUInt16LE(entry.name.length, at + 20);
}

function localHeader(entry: Entry, stamp: number): Buffer {
  const h = Buffer.alloc(30);
  h.writeUInt32LE(0x04034b50, 0);
  h.writeUInt16LE(VERSION, 4);
  entryFields(h, 6, entry, stamp);
  return Buffer.concat([h, entry.name]);
}

function dataDescriptor(entry: Entry): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt32LE(0x08074b50, 0);
  d.writeUInt32LE(entry.crc, 4);
  d.writeUInt32LE(entry.compressed, 8);
  d.writeUInt32LE(entry.size, 12);
  return d;
}

function centralHeader(entry: Entry, stamp: number): Buffer {
  const h = Buffer.alloc(46);
  h.writeUInt32LE(0x02014b50, 0);
  h.writeUInt16LE(VERSION, 4);
  h.writeUInt16LE(VERSION, 6);
  entryFields(h, 8, entry, stamp);
  h.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([h, entry.name]);
}

/** MS-DOS time (low 16 bits) and date (high 16 bits), as the zip headers hold them. */
function dosStamp(d: Date): number {
  const time = (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1);
  const date = ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate();
  return ((date << 16) | time) >>> 0;
}

let table: Uint32Array | undefined;

/** zlib's CRC-32 (Node 20.15 and later), or the same sum in JavaScript on an older Node 20. */
function crc32(data: Buffer, previous = 0): number {
  const native = (zlib as { crc32?: (data: Buffer, value?: number) => number }).crc32;
  if (native) return native(data, previous);
  table ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = ~previous >>> 0;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}
