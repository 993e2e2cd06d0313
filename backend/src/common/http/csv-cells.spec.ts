import { Parser } from '@json2csv/plainjs';
import { csvTextCell, neutraliseFormula, SAFE_CSV_FORMATTERS } from './csv-cells.js';

describe('CSV cells a spreadsheet opens as text', () => {
  it('put a quote before text that starts with =, +, -, @, a tab or a carriage return', () => {
    for (const payload of [
      '=HYPERLINK("http://evil.example/?x","open")',
      "+1+cmd|' /C calc'!A0",
      "@SUM(1+1)*cmd|' /C calc'!A0",
      "-2+3+cmd|' /C calc'!A0",
      '\t=1+1',
      '\r=1+1',
      '-',
      '+',
    ]) {
      expect(neutraliseFormula(payload)).toBe(`'${payload}`);
    }
  });

  it('leave plain numbers, UTC offsets and ordinary text alone', () => {
    for (const value of ['-3600', '+1.5', '-0.25', '-1e3', '-05:00', '+05:45', '+0530', '-03:30:00', 'London', "O'Brien", '', ' =x']) {
      expect(neutraliseFormula(value)).toBe(value);
    }
    // An offset-looking prefix does not carry a formula through.
    expect(neutraliseFormula('-05:00+cmd')).toBe("'-05:00+cmd");
  });

  it("are json2csv's string formatter: quoted, inner quotes doubled; numbers stay numbers", () => {
    expect(csvTextCell('=A1&"x"')).toBe('"\'=A1&""x"""');
    const csv = new Parser({ fields: ['name', 'n', 'offset'], formatters: SAFE_CSV_FORMATTERS }).parse([{ name: '=1+1', n: -3600, offset: '-05:00' }]);
    expect(csv).toBe('"name","n","offset"\n"\'=1+1",-3600,"-05:00"');
  });
});
