// Real PDFs built byte by byte in the test (with a correct cross-reference table), so tests can prove how text is
// read without shipping binary fixtures: a page per line of text in a standard font, and a compression bomb.
import zlib from 'node:zlib';

/** A PDF of the given objects (object 1 the catalogue), each a string or the bytes of a stream with its dictionary. */
function pdfOf(objects: (string | { dictionary: string; stream: Uint8Array })[]): Uint8Array<ArrayBuffer> {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const push = (part: Buffer) => {
    parts.push(part);
    length += part.length;
  };
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    if (typeof object === 'string') return push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
    push(Buffer.from(`${i + 1} 0 obj\n<< ${object.dictionary} /Length ${object.stream.length} >>\nstream\n`, 'latin1'));
    push(Buffer.from(object.stream));
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  tail += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  push(Buffer.from(tail, 'latin1'));
  const out = Buffer.concat(parts);
  return new Uint8Array(out.buffer.slice(out.byteOffset, out.byteOffset + out.length));
}

/** A PDF with one page per entry, each showing its lines (an empty string: a blank page). */
export function pdfWithPages(lines: string[]): Uint8Array<ArrayBuffer> {
  // 1 catalogue, 2 page tree, 3 font, then a page and its contents per line.
  const kids = lines.map((_, i) => `${4 + 2 * i} 0 R`).join(' ');
  const objects: (string | { dictionary: string; stream: Uint8Array })[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${kids}] /Count ${lines.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  lines.forEach((line, i) => {
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    const shown = line
      ? `BT /F1 12 Tf 14 TL 72 720 Td ${line
          .split('\n')
          .map((part) => `(${part.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj T*`)
          .join(' ')} ET`
      : '';
    objects.push({ dictionary: '', stream: Buffer.from(shown, 'latin1') });
  });
  return pdfOf(objects);
}

/**
 * A one-page PDF of Chinese text in STSong-Light, a font PDFs name without embedding, encoded with the UniGB-UCS2-H
 * character map: reading it needs PDF.js's character maps, as many Chinese papers do.
 */
export function pdfWithChineseText(line: string): Uint8Array<ArrayBuffer> {
  const hex = [...line].map((char) => char.codePointAt(0)!.toString(16).padStart(4, '0')).join('');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    { dictionary: '', stream: Buffer.from(`BT /F1 24 Tf 72 700 Td <${hex}> Tj ET`, 'latin1') },
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 7 0 R >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ]);
}

/** A real one-page PDF with one line of text in a standard font. */
export function pdfWithText(line: string): Uint8Array<ArrayBuffer> {
  return pdfWithPages([line]);
}

/**
 * A one-page PDF whose contents are a FlateDecode stream of `megabytes` MB of zeros: about a thousandth of that on
 * disk. The zlib stream is one fully flushed deflate block of 1 MB of zeros repeated (a full flush makes each
 * block stand alone, so the copies are equal), an empty last block, and the Adler-32 of the zeros.
 */
export function pdfBomb(megabytes: number): Uint8Array<ArrayBuffer> {
  const mb = 1024 * 1024;
  const block = zlib.deflateRawSync(Buffer.alloc(mb), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  // Adler-32 of n zero bytes: the sum stays 1, the sum of sums is n (mod 65521).
  adler.writeUInt32BE((((megabytes * mb) % 65521) * 65536 + 1) >>> 0);
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(megabytes).fill(block), Buffer.from([0x03, 0x00]), adler]);
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    { dictionary: '/Filter /FlateDecode', stream },
  ]);
}
