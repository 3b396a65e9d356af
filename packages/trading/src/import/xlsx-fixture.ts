// Writes a minimal but real .xlsx (zip of SpreadsheetML parts, as Excel lays them out), so the readers, the fixtures
// (fixtures/zerodha.ts) and their tests work on workbook bytes rather than on a mock. For tests only.
import { strToU8, zipSync } from 'fflate';

/** A cell: text (a shared string), a number (as Excel stores dates too), null (no cell), or a special form. */
export type FixtureCell = string | number | boolean | null | { inline: string } | { rich: string[] };

export interface FixtureSheet {
  name: string;
  rows: FixtureCell[][];
}

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const columnName = (i: number): string =>
  (i < 26 ? '' : columnName(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));

export function writeXlsx(sheets: FixtureSheet[]): Uint8Array {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const shared = (s: string) => {
    let i = stringIndex.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(`<si><t xml:space="preserve">${escapeXml(s)}</t></si>`);
      stringIndex.set(s, i);
    }
    return i;
  };
  const cellXml = (cell: FixtureCell, ref: string): string => {
    if (cell === null) return '';
    if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
    if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
    if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${shared(cell)}</v></c>`;
    if ('inline' in cell) return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell.inline)}</t></is></c>`;
    // Rich text: one shared string made of runs, with a phonetic hint that is not part of the text.
    const i = strings.length;
    strings.push(
      `<si>${cell.rich.map((run) => `<r><rPr><b/></rPr><t>${escapeXml(run)}</t></r>`).join('')}<rPh sb="0" eb="1"><t>x</t></rPh></si>`,
    );
    return `<c r="${ref}" t="s"><v>${i}</v></c>`;
  };
  const files: Record<string, Uint8Array> = {};
  sheets.forEach((sheet, s) => {
    const rows = sheet.rows
      .map((row, r) => {
        const cells = row.map((cell, c) => cellXml(cell, `${columnName(c)}${r + 1}`)).join('');
        return cells === '' ? '' : `<row r="${r + 1}">${cells}</row>`;
      })
      .join('');
    files[`xl/worksheets/sheet${s + 1}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`,
    );
  });
  files['[Content_Types].xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
  );
  files['_rels/.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  );
  files['xl/workbook.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
      .map((sheet, s) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${s + 1}" r:id="rId${s + 1}"/>`)
      .join('')}</sheets></workbook>`,
  );
  files['xl/_rels/workbook.xml.rels'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map(
        (_, s) =>
          `<Relationship Id="rId${s + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${s + 1}.xml"/>`,
      )
      .join('')}</Relationships>`,
  );
  // Written after the sheets, which add to it.
  files['xl/sharedStrings.xml'] = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.join('')}</sst>`,
  );
  return zipSync(files);
}
