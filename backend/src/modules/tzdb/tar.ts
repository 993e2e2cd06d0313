import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * IANA's release tarballs are plain ustar with short names: reading and writing them is a few lines, and keeps
 * compiling synchronous (the streaming tar packages on the registry are asynchronous). The one tar reader and writer of
 * the tzdb module.
 */

/** Whether bytes start as gzip does (a tarball) rather than as zic text. */
export function isGzip(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The regular files of a ustar archive (GNU and PAX long names included), by base name. */
export function untar(archive: Buffer): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  let longName: string | null = null;
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const text = (from: number, length: number) =>
      header
        .subarray(from, from + length)
        .toString('latin1')
        .replace(/\0.*$/s, '');
    const size = parseInt(text(124, 12).trim() || '0', 8);
    const type = text(156, 1) || '0';
    const prefix = text(345, 155);
    const name = (longName ?? (prefix ? `${prefix}/${text(0, 100)}` : text(0, 100))).replace(/^\.\//, '');
    longName = null;
    const body = archive.subarray(offset + 512, offset + 512 + size);
    if (type === 'L') longName = body.toString('latin1').replace(/\0.*$/s, '');
    else if (type === 'x') longName = /\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? null;
    else if (type === '0' || type === '7') files.set(name.slice(name.lastIndexOf('/') + 1), body);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** The files of a gzipped tarball, by base name; throws when the bytes are not gzip. */
export function readTarball(bytes: Buffer): Map<string, Buffer> {
  return untar(gunzipSync(bytes));
}

/** Files (name → content, names of at most 99 bytes) as a gzipped ustar archive, the shape of IANA's tarballs. */
export function packTarball(files: Iterable<[string, Buffer]>): Buffer {
  const blocks: Buffer[] = [];
  for (const [name, content] of files) {
    blocks.push(tarHeader(name, content.length), content, Buffer.alloc((512 - (content.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

function tarHeader(name: string, size: number): Buffer {
  const header = Buffer.alloc(512);
  const field = (value: string, offset: number, length: number) => header.write(value, offset, length, 'ascii');
  field(name, 0, 100);
  field('0000644\0', 100, 8);
  field('0000000\0', 108, 8);
  field('0000000\0', 116, 8);
  field(size.toString(8).padStart(11, '0') + '\0', 124, 12);
  field('00000000000\0', 136, 12);
  field('        ', 148, 8);
  field('0', 156, 1);
  field('ustar\0', 257, 6);
  field('00', 263, 2);
  let sum = 0;
  for (const byte of header) sum += byte;
  field(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8);
  return header;
}
