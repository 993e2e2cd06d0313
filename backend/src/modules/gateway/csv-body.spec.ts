import { CsvRowReader } from './csv-body.js';

/** Feeds `text` in pieces of `size` characters, as a socket would hand it over. */
function read(text: string, size: number, limit = 1024 * 1024) {
  const reader = new CsvRowReader(limit);
  for (let i = 0; i < text.length; i += size) reader.push(text.slice(i, i + size), Buffer.byteLength(text.slice(i, i + size)));
  return reader.end();
}

describe('CsvRowReader', () => {
  const text = 'localDateTime,timeZone\r\n2030-01-15T00:15:00,Asia/Kolkata\r\n"2030-01-15T12:00:00"," America/New_York "\n"say ""hi""\nthere",UTC\n\n';

  it.each([1, 2, 7, 1000])('reads quoted cells, doubled quotes, line breaks in quotes and CRLF the same in pieces of %i', (size) => {
    expect(read(text, size)).toEqual({
      kind: 'csv',
      columns: ['localDateTime', 'timeZone'],
      rows: [
        { localDateTime: '2030-01-15T00:15:00', timeZone: 'Asia/Kolkata' },
        { localDateTime: '2030-01-15T12:00:00', timeZone: 'America/New_York' },
        { localDateTime: 'say "hi"\nthere', timeZone: 'UTC' },
      ],
    });
  });

  it('reads a last row without a line break, and missing cells as empty', () => {
    expect(read('utc,timeZone\n2030-01-01T00:00:00Z', 5).rows).toEqual([{ utc: '2030-01-01T00:00:00Z', timeZone: '' }]);
  });

  it('refuses a body over its limit with 413', () => {
    expect(() => read('a,b\n' + '1,2\n'.repeat(100), 16, 64)).toThrow(
      expect.objectContaining({ problem: expect.objectContaining({ status: 413, code: 'payload_too_large' }) }),
    );
  });
});
