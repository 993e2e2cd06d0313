// Typechecked by `npm run typecheck` (never run): the answers carry the document's models, and wrong calls do not compile.
import { createTzApiClient, TzApiError, type Schema } from '../src/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const assertType = <T extends true>(): T => true as T;

export async function usage(): Promise<void> {
  const tz = createTzApiClient({ apiKey: 'YOUR_API_KEY', baseUrl: 'http://127.0.0.1:3000', retry: { retries: 1, maxDelayMs: 5000 } });

  const now = await tz.get('/api/time/current', { params: { query: { timezone: 'Europe/Paris' } } });
  assertType<Equal<typeof now, Schema<'CurrentTimeView'>>>();
  const offset: string = now.utc_offset;
  const dst: boolean = now.dst_active;

  const utc = await tz.get('/api/time/utc');
  assertType<Equal<typeof utc, Schema<'UtcTimeView'>>>();
  const unix: number = utc.unix_timestamp;

  const converted = await tz.post('/api/conversion/timezone', {
    body: { fromTimeZone: 'America/New_York', toTimeZone: 'Europe/London', dateTime: '2024-07-01T09:00:00' },
  });
  assertType<Equal<typeof converted, Schema<'ConversionView'>>>();

  const zones = await tz.get('/api/timezone/list');
  const first: string | undefined = zones.timezones[0]?.timezone;

  // @ts-expect-error timezone is required
  await tz.get('/api/time/current', { params: { query: {} } });
  // @ts-expect-error the account routes are not part of the public client
  await tz.get('/api/api-keys');
  // @ts-expect-error a GET-only route has no post
  await tz.post('/api/time/utc');
  // @ts-expect-error the body is checked against ConversionRequest
  await tz.post('/api/conversion/timezone', { body: { from: 'America/New_York' } });

  try {
    await tz.get('/api/time/current', { params: { query: { timezone: 'Mars/Olympus' } } });
  } catch (error) {
    if (error instanceof TzApiError) {
      const code: string = error.code;
      const status: number = error.status;
      void [code, status, error.problem.detail];
    }
  }
  void [offset, dst, unix, first, converted];
}
