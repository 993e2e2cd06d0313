export type ExampleShape =
  | { kind: 'current'; timezone: string }
  | { kind: 'convert'; fromTimeZone: string; toTimeZone: string; dateTime: string }
  | { kind: 'lookup'; location: string };

export interface Industry {
  id: string;
  name: string;
  headline: string;
  description: string;
  benefits: string[];
  example: ExampleShape;
  exampleTitle: string;
}

/** The eight industries of the solutions page (ids are the page's anchors). */
export const industries: Industry[] = [
  {
    id: 'ecommerce',
    name: 'E-commerce',
    headline: 'Flash sales that start at midnight for every shopper',
    description: 'Launch promotions, cut-off times and delivery estimates in each customer\u2019s local time.',
    benefits: ['Localised sale countdowns', 'Accurate same-day shipping cut-offs', 'Order timestamps customers understand'],
    exampleTitle: 'Convert a sale start to the shopper\u2019s zone',
    example: { kind: 'convert', fromTimeZone: 'America/New_York', toTimeZone: 'Europe/Berlin', dateTime: '2025-11-28T00:00:00' },
  },
  {
    id: 'finance',
    name: 'Financial Services',
    headline: 'Market hours and settlement windows without mistakes',
    description: 'Know when exchanges open and close worldwide, and stamp trades with unambiguous times.',
    benefits: ['Exchange session times', 'Audit-ready timestamps', 'DST-safe settlement deadlines'],
    exampleTitle: 'Current time at the Tokyo exchange',
    example: { kind: 'current', timezone: 'Asia/Tokyo' },
  },
  {
    id: 'healthcare',
    name: 'Healthcare',
    headline: 'Appointments and medication schedules patients can trust',
    description: 'Telehealth visits across zones and reminders that stay right when clocks change.',
    benefits: ['Telehealth scheduling', 'Medication reminders across DST changes', 'Consistent clinical records'],
    exampleTitle: 'Convert a telehealth visit for the patient',
    example: { kind: 'convert', fromTimeZone: 'America/Chicago', toTimeZone: 'America/Los_Angeles', dateTime: '2025-03-10T09:30:00' },
  },
  {
    id: 'travel',
    name: 'Travel & Hospitality',
    headline: 'Itineraries in local time at every stop',
    description: 'Departure and arrival times, check-in windows and local events shown where they happen.',
    benefits: ['Flight and train itineraries', 'Hotel check-in times', 'Destination lookup by city'],
    exampleTitle: 'Find the time zone of a destination',
    example: { kind: 'lookup', location: 'Lisbon, Portugal' },
  },
  {
    id: 'software',
    name: 'Software Development',
    headline: 'Stop shipping time zone bugs',
    description: 'Offload the hard parts of dates and zones to a tested API and keep your code simple.',
    benefits: ['Correct DST handling', 'IANA data kept current', 'JSON, XML and CSV output'],
    exampleTitle: 'Current time for a user\u2019s zone',
    example: { kind: 'current', timezone: 'Europe/London' },
  },
  {
    id: 'iot',
    name: 'IoT & Hardware',
    headline: 'Devices that know their local time',
    description: 'Set device clocks, schedules and logs from a location without a user ever choosing a zone.',
    benefits: ['Zone from location', 'Schedules that follow DST', 'Lightweight JSON answers'],
    exampleTitle: 'Resolve a device\u2019s installation site',
    example: { kind: 'lookup', location: 'Austin, US' },
  },
  {
    id: 'events',
    name: 'Event Management',
    headline: 'One start time, every attendee\u2019s clock',
    description: 'Webinars, conferences and live streams announced in each attendee\u2019s local time.',
    benefits: ['Local start times in invitations', 'Multi-zone agendas', 'Reminders at the right moment'],
    exampleTitle: 'Convert a keynote to Sydney time',
    example: { kind: 'convert', fromTimeZone: 'America/Los_Angeles', toTimeZone: 'Australia/Sydney', dateTime: '2025-06-12T10:00:00' },
  },
  {
    id: 'gaming',
    name: 'Gaming',
    headline: 'Daily resets and live events players don\u2019t miss',
    description: 'Regional daily resets, tournaments and seasonal events timed for every region.',
    benefits: ['Regional daily resets', 'Tournament schedules', 'Fair event windows worldwide'],
    exampleTitle: 'Current time in a regional server\u2019s zone',
    example: { kind: 'current', timezone: 'Asia/Seoul' },
  },
];

export type CodeLanguage = 'javascript' | 'python' | 'curl';

/** Code that calls the real API: X-API-Key header and the documented request shapes. */
export function exampleCode(example: ExampleShape, language: CodeLanguage, origin: string): string {
  const key = 'YOUR_API_KEY';
  if (example.kind === 'convert') {
    const body = { fromTimeZone: example.fromTimeZone, toTimeZone: example.toTimeZone, dateTime: example.dateTime };
    const json = JSON.stringify(body, null, 2);
    if (language === 'javascript')
      return `const response = await fetch('${origin}/api/conversion/timezone', {
  method: 'POST',
  headers: {
    'X-API-Key': '${key}',
    'Content-Type': 'application/json',
  },
  body: JSON.stringify(${json.replace(/\n/g, '\n  ')}),
});
const result = await response.json();
console.log(result.convertedDateTime, result.dstActive);`;
    if (language === 'python')
      return `import requests

response = requests.post(
    "${origin}/api/conversion/timezone",
    headers={"X-API-Key": "${key}"},
    json={
        "fromTimeZone": "${body.fromTimeZone}",
        "toTimeZone": "${body.toTimeZone}",
        "dateTime": "${body.dateTime}",
    },
)
response.raise_for_status()
result = response.json()
print(result["convertedDateTime"], result["dstActive"])`;
    return `curl -X POST "${origin}/api/conversion/timezone" \\
  -H "X-API-Key: ${key}" \\
  -H "Content-Type: application/json" \\
  -d '${JSON.stringify(body)}'`;
  }
  const [path, param, value, field] =
    example.kind === 'current'
      ? ['/api/time/current', 'timezone', example.timezone, 'current_time']
      : ['/api/timezone/lookup', 'location', example.location, 'candidates'];
  const query = `${param}=${encodeURIComponent(value)}`;
  if (language === 'javascript')
    return `const params = new URLSearchParams({ ${param}: '${value}' });
const response = await fetch(\`${origin}${path}?\${params}\`, {
  headers: { 'X-API-Key': '${key}' },
});
const data = await response.json();
console.log(data.${field});`;
  if (language === 'python')
    return `import requests

response = requests.get(
    "${origin}${path}",
    params={"${param}": "${value}"},
    headers={"X-API-Key": "${key}"},
)
response.raise_for_status()
print(response.json()["${field}"])`;
  return `curl "${origin}${path}?${query}" \\
  -H "X-API-Key: ${key}"`;
}
