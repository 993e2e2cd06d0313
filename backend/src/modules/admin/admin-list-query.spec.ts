import { escapeLike } from '../../common/text/like-pattern.js';
import { contentRange, parseListQuery } from './admin-list-query.js';
import { USERS } from './admin-resources.js';
import { ProblemException } from '../../common/problems/problem.js';

function problem(query: Record<string, unknown>) {
  try {
    parseListQuery(USERS, query);
  } catch (error) {
    expect(error).toBeInstanceOf(ProblemException);
    return (error as ProblemException).problem;
  }
  throw new Error('expected a problem');
}

describe('parseListQuery (ra-data-simple-rest dialect)', () => {
  it('reads range, sort and filter', () => {
    const query = parseListQuery(USERS, {
      range: '[25,49]',
      sort: '["email","asc"]',
      filter: '{"q":" ada ","plan":"free","role":"user","isBlocked":true,"emailVerified":"false"}',
    });
    expect(query).toEqual({
      offset: 25,
      limit: 25,
      sortField: 'email',
      sortOrder: 'ASC',
      q: 'ada',
      ids: null,
      filters: { plan: 'free', role: 'user', isBlocked: true, emailVerified: false },
    });
  });

  it('defaults to the first 25 rows, newest first', () => {
    expect(parseListQuery(USERS, {})).toMatchObject({ offset: 0, limit: 25, sortField: 'createdAt', sortOrder: 'DESC', q: null, ids: null, filters: {} });
  });

  it('ignores empty filter values and reads getMany id lists', () => {
    const id = '6f1c2a4e-8d0b-4a3c-9e57-0b8f3f1d2c11';
    expect(parseListQuery(USERS, { filter: JSON.stringify({ q: '', plan: null, id: [id] }) })).toMatchObject({ q: null, ids: [id], filters: {} });
  });

  it.each([
    [{ range: '[0,' }, 'range'],
    [{ range: '[3,1]' }, 'range'],
    [{ range: '[-1,5]' }, 'range'],
    [{ range: '[0,500]' }, 'range'],
    [{ sort: '["passwordHash","ASC"]' }, 'sort'],
    [{ sort: '["email","UP"]' }, 'sort'],
    [{ sort: '"email"' }, 'sort'],
    [{ filter: 'nope' }, 'filter'],
    [{ filter: '"q"' }, 'filter'],
    [{ filter: '{"plan":"gold"}' }, 'filter.plan'],
    [{ filter: '{"role":"root"}' }, 'filter.role'],
    [{ filter: '{"isBlocked":1}' }, 'filter.isBlocked'],
    [{ filter: '{"stripeCustomerId":"x"}' }, 'filter.stripeCustomerId'],
    [{ filter: `{"q":"${'a'.repeat(201)}"}` }, 'filter.q'],
    [{ range: ['[0,1]', '[2,3]'] }, 'query'],
    [{ embed: '["x"]' }, 'embed'],
  ])('refuses %j with a 400 naming %s', (query, field) => {
    expect(problem(query)).toMatchObject({ status: 400, code: 'invalid_query', field });
  });

  it('formats Content-Range and escapes LIKE wildcards', () => {
    expect(contentRange('users', 0, 25, 319)).toBe('users 0-24/319');
    expect(contentRange('users', 300, 19, 319)).toBe('users 300-318/319');
    expect(contentRange('users', 400, 0, 319)).toBe('users */319');
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
