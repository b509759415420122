/** A minimal WebM header: EBML, Segment, Info with TimecodeScale 1 ms and a float64 Duration. */
export function webmHeader(seconds: number): Buffer {
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(seconds * 1000);
  const values = Buffer.concat([Buffer.from([0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40]), Buffer.from([0x44, 0x89, 0x88]), duration]);
  const info = Buffer.concat([Buffer.from([0x15, 0x49, 0xa9, 0x66, 0x80 | values.length]), values]);
  return Buffer.concat([
    // EBML header (DocType "w"), then a Segment of unknown size holding the Info.
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x82, 0x81, 0x77]),
    Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    info,
  ]);
}
