import { closeSync, openSync, readSync } from "node:fs";

/** An EBML variable-length integer at `pos`: an element id keeps its length marker, a size drops it. */
function vint(buf: Buffer, pos: number, keepMarker: boolean): { value: number; length: number } | null {
  const first = buf[pos];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length++;
  if (pos + length > buf.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + (buf[pos + i] ?? 0);
  return { value, length };
}

const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const CLUSTER = 0x1f43b675;

/**
 * The length in seconds a WebM (Matroska) file states in its Segment Info — what a browser shows
 * as the media's duration — read from the file's first 64 KB without decoding anything. Null when
 * the file is not WebM or states no duration.
 */
export function webmSeconds(file: string): number | null {
  const buf = Buffer.alloc(65_536);
  const fd = openSync(file, "r");
  let size: number;
  try {
    size = readSync(fd, buf, 0, buf.length, 0);
  } finally {
    closeSync(fd);
  }
  const data = buf.subarray(0, size);
  if (data.readUInt32BE(0) !== 0x1a45dfa3) return null;
  let pos = 0;
  let scale = 1_000_000;
  let duration: number | null = null;
  while (pos < data.length) {
    const id = vint(data, pos, true);
    if (!id) break;
    const length = vint(data, pos + id.length, false);
    if (!length) break;
    pos += id.length + length.length;
    // Segment and Info hold the values: step into them; skip every other element.
    if (id.value === SEGMENT || id.value === INFO) continue;
    if (id.value === CLUSTER) break;
    if (pos + length.value > data.length) break;
    if (id.value === TIMECODE_SCALE) scale = data.readUIntBE(pos, Math.min(length.value, 6));
    if (id.value === DURATION) duration = length.value === 4 ? data.readFloatBE(pos) : data.readDoubleBE(pos);
    pos += length.value;
  }
  return duration === null ? null : Math.round(((duration * scale) / 1e9) * 1000) / 1000;
}
