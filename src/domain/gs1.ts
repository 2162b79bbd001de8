/**
 * GS1 scans of injectable boxes (GS1 DataMatrix / GS1-128): the GTIN (AI 01), the lot (AI 10) and the expiry
 * (AI 17) read from the raw element string (with or without the group separator, with a symbology prefix) or
 * from its printed form with parenthesised AIs.
 */
export interface Gs1Scan {
  gtin: string | null;
  lot: string | null;
  /** YYYY-MM-DD; day 00 means the last day of the month. */
  expiresAt: string | null;
}

const GS = '\u001d';
/** Fixed-length AIs this reader understands, with their data length. */
const FIXED: Record<string, number> = { '00': 18, '01': 14, '02': 14, '11': 6, '12': 6, '13': 6, '15': 6, '16': 6, '17': 6, '20': 2 };
/** Variable-length AIs (up to 20 or 30 characters, ended by the separator or the end). */
const VARIABLE: Record<string, number> = { '10': 20, '21': 20, '22': 20, '240': 30, '241': 30, '30': 8, '37': 8, '90': 30, '91': 90, '92': 90 };

/** The GTIN's last digit checks the others (weights 3 and 1 from the right). */
export function isValidGtin(gtin: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(gtin)) return false;
  const digits = gtin.split('').map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

/** YYMMDD to YYYY-MM-DD (day 00 = last day of the month); null when it is no date. */
export function gs1Date(yymmdd: string): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const year = 2000 + Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  let day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function parenthesised(input: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const m of input.matchAll(/\((\d{2,4})\)([^(]*)/g)) fields.set(m[1]!, m[2]!.trim());
  return fields;
}

/** A variable field read without a separator runs to the end: a fixed date AI written after it is split back off. */
function splitTrailingDate(value: string, fields: Map<string, string>): string {
  const m = /^(.+?)(1[1-7])(\d{6})$/.exec(value);
  if (m && FIXED[m[2]!] && gs1Date(m[3]!) && !fields.has(m[2]!)) {
    fields.set(m[2]!, m[3]!);
    return m[1]!;
  }
  return value;
}

function elementString(input: string): Map<string, string> {
  const fields = new Map<string, string>();
  let rest = input.replace(/^\][A-Za-z]\d/, '');
  while (rest.length) {
    if (rest.startsWith(GS)) {
      rest = rest.slice(1);
      continue;
    }
    const ai = [2, 3].map((n) => rest.slice(0, n)).find((a) => FIXED[a] !== undefined || VARIABLE[a] !== undefined);
    if (!ai) break;
    rest = rest.slice(ai.length);
    if (FIXED[ai] !== undefined) {
      fields.set(ai, rest.slice(0, FIXED[ai]));
      rest = rest.slice(FIXED[ai]);
      continue;
    }
    const end = rest.indexOf(GS);
    const raw = end < 0 ? rest : rest.slice(0, end);
    rest = end < 0 ? '' : rest.slice(end + 1);
    fields.set(ai, end < 0 ? splitTrailingDate(raw, fields) : raw);
  }
  return fields;
}

/** Reads a scan; fields it cannot find are null. A scan of a plain EAN/UPC barcode gives just the GTIN. */
export function parseGs1(scan: string): Gs1Scan {
  const input = scan.trim();
  if (/^\d{8}$|^\d{12,14}$/.test(input)) return { gtin: input, lot: null, expiresAt: null };
  const fields = input.startsWith('(') ? parenthesised(input) : elementString(input);
  const expiry = fields.get('17');
  return { gtin: fields.get('01') ?? null, lot: fields.get('10') || null, expiresAt: expiry ? gs1Date(expiry) : null };
}

/** The GTIN-14 of a scan and a product's barcode (EAN-13, UPC-A, GTIN-14) name the same item when equal but for leading zeros. */
export const sameGtin = (a: string, b: string) => a.replace(/^0+/, '') === b.replace(/^0+/, '');
