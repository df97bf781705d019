import zlib from 'node:zlib';

/**
 * A small, valid PDF made in the test: one page per text, with a correct cross-reference table, so pdf.js opens it
 * as it would any real paper. Latin text is set in Helvetica; Chinese text in STSong-Light, a font PDFs name
 * without embedding it, encoded with the UniGB-UCS2-H character map, so reading it needs pdf.js's character maps
 * (as many Chinese papers do).
 */
export function makePdf(pages: string[], script: 'latin' | 'chinese' = 'latin'): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add(''); // 2: the page tree, written once the pages have their numbers
  if (script === 'latin') add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  else add('<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>');
  if (script === 'chinese') {
    add(
      '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> /FontDescriptor 5 0 R >>',
    );
    add(
      '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [0 -200 1000 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    );
  }
  const kids: number[] = [];
  for (const text of pages) {
    const shown =
      script === 'latin'
        ? `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`
        : `<${[...text].map((char) => char.codePointAt(0)!.toString(16).padStart(4, '0')).join('')}>`;
    const stream = `BT /F1 24 Tf 72 700 Td ${shown} Tj ET`;
    const page = objects.length + 1;
    kids.push(page);
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${page + 1} 0 R >>`);
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((n) => `${n} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A one-page PDF whose contents are a FlateDecode stream of `megabytes` MB of zeros, about a thousandth of that on
 * disk: one fully flushed deflate block of 1 MB of zeros repeated (a full flush makes each block stand alone), an
 * empty last block and the Adler-32 of the zeros (its sum stays 1; its sum of sums is the length, mod 65521).
 */
export function makePdfBomb(megabytes: number): Buffer {
  const mb = 1024 * 1024;
  const block = zlib.deflateRawSync(Buffer.alloc(mb), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((megabytes * mb) % 65521) * 65536 + 1) >>> 0);
  const stream = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(megabytes).fill(block), Buffer.from([0x03, 0x00]), adler]);
  const head = '%PDF-1.4\n';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
  ];
  let text = head;
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(Buffer.byteLength(text, 'latin1'));
    text += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  offsets.push(Buffer.byteLength(text, 'latin1'));
  const before = Buffer.from(`${text}4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1');
  const xref = before.length + stream.length + '\nendstream\nendobj\n'.length;
  let tail = `\nendstream\nendobj\nxref\n0 5\n0000000000 65535 f \n`;
  for (const offset of offsets) tail += `${String(offset).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.concat([before, stream, Buffer.from(tail, 'latin1')]);
}
