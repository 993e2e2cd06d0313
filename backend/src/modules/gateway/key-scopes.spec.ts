import { scopeOfRoute } from './key-scopes.js';

describe('the key scope table', () => {
  it.each([
    ['/api/time/current', 'time'],
    ['/api/compat/worldtimeapi/timezone/:area', 'time'],
    ['/api/conversion/timezone', 'conversion'],
    ['/api/calculation/add', 'calculation'],
    ['/api/calculation/business-days', 'business-time'],
    ['/api/calculation/business-hours/open', 'business-time'],
    ['/api/holidays', 'business-time'],
    ['/api/calculation/recurrence', 'planning'],
    ['/api/planning/meeting-slots', 'planning'],
    ['/api/timezone/airport', 'timezone'],
    ['/api/astronomy', 'astronomy'],
  ])('%s needs %s', (url, scope) => {
    expect(scopeOfRoute(url)).toBe(scope);
  });

  it('names no scope for a path outside the sold groups (the lane then refuses to start)', () => {
    expect(scopeOfRoute('/api/timezones-elsewhere')).toBeNull();
    expect(scopeOfRoute('/api/api-keys')).toBeNull();
  });
});
