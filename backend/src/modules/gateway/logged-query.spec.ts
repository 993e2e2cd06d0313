import { loggedQuery, MAX_LOGGED_QUERY, problemCodeOf } from './logged-query.js';

describe('loggedQuery (the request log keeps the query without secrets)', () => {
  it('keeps ordinary parameters and redacts credentials by name or by value', () => {
    expect(loggedQuery('/api/time/current')).toBeNull();
    expect(loggedQuery('/api/time/current?')).toBeNull();
    expect(loggedQuery('/api/time/current?timezone=Asia/Tokyo&format=xml')).toBe('timezone=Asia%2FTokyo&format=xml');
    // Asked again (answered from the memo of query strings), on another path too: the same text.
    expect(loggedQuery('/api/timezone/info?timezone=Asia/Tokyo&format=xml')).toBe('timezone=Asia%2FTokyo&format=xml');
    expect(loggedQuery('/x?api_key=abc&apiKey=abc&token=t&password=p&signature=s&note=tzk_live_abcdef')).toBe(
      'api_key=%5Bredacted%5D&apiKey=%5Bredacted%5D&token=%5Bredacted%5D&password=%5Bredacted%5D&signature=%5Bredacted%5D&note=%5Bredacted%5D',
    );
    expect(loggedQuery('/y?token=t&q=1')).toBe('token=%5Bredacted%5D&q=1');
    expect(loggedQuery('/y?token=t&q=1')).toBe('token=%5Bredacted%5D&q=1');
  });

  it('never holds a tab or line break and stays within the column', () => {
    expect(loggedQuery('/x?q=a%09b%0Ac')).toBe('q=a%09b%0Ac');
    const long = loggedQuery(`/x?${Array.from({ length: 50 }, (_, i) => `p${i}=${'v'.repeat(40)}`).join('&')}`)!;
    expect(long.length).toBeLessThanOrEqual(MAX_LOGGED_QUERY);
    expect(long.endsWith('v')).toBe(true);
  });
});

describe('problemCodeOf', () => {
  it('reads the code of a problem document, and nothing else', () => {
    const doc = JSON.stringify({ type: 'x', title: 'Say "code":"fake"', status: 400, code: 'invalid_timezone' });
    expect(problemCodeOf('application/problem+json; charset=utf-8', doc)).toBe('invalid_timezone');
    expect(problemCodeOf('application/json', doc)).toBeNull();
    expect(problemCodeOf('application/problem+json', Buffer.from(doc))).toBe('invalid_timezone');
  });
});
