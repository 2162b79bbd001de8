import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A PDF read back with poppler (pdfinfo, pdftotext): its text, its page count and the first page's size in points. */
export function readPdfBack(pdf: Buffer): { text: string; pages: number; width: number; height: number } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pdf-')), 'document.pdf');
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return {
    text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
    pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
    width: Number(width),
    height: Number(height),
  };
}
