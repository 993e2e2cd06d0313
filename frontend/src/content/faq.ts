export type FaqCategoryId = 'getting-started' | 'api-usage' | 'billing' | 'security' | 'timezone-data';

export const faqCategories: { id: FaqCategoryId; label: string }[] = [
  { id: 'getting-started', label: 'Getting Started' },
  { id: 'api-usage', label: 'API Usage' },
  { id: 'billing', label: 'Billing & Plans' },
  { id: 'security', label: 'Security' },
  { id: 'timezone-data', label: 'Timezone Data' },
];

export interface FaqQuestion {
  category: FaqCategoryId;
  question: string;
  answer: string;
}

/** The FAQ page's questions; chip counts are computed from this list. */
export const faqQuestions: FaqQuestion[] = [
  {
    category: 'getting-started',
    question: 'How do I create an account?',
    answer: 'Click Get Started Free, enter your name, email and a password, then click the verification link we email you.',
  },
  {
    category: 'getting-started',
    question: 'How do I get my API key?',
    answer: 'Sign in, open API Keys in the dashboard and click Create API Key. Copy the key and keep it secret.',
  },
  {
    category: 'getting-started',
    question: 'What does the free plan include?',
    answer: 'The free plan includes {free.quota} across all endpoints and output formats, with no credit card needed.',
  },
  {
    category: 'getting-started',
    question: 'How do I make my first request?',
    answer: 'Call GET /api/time/current?timezone=Europe/London with your key in the X-API-Key header. The API Docs page has examples in several languages.',
  },
  {
    category: 'getting-started',
    question: 'I did not receive the verification email. What now?',
    answer: 'Check your spam folder, then use Resend Verification Email on the verification page. Links expire after 24 hours.',
  },
  {
    category: 'getting-started',
    question: 'Is there an OpenAPI specification?',
    answer: 'Yes. Download the OpenAPI document or the Postman collection from the API Docs page.',
  },
  {
    category: 'api-usage',
    question: 'How do I authenticate API requests?',
    answer: 'Send your key in the X-API-Key header or as Authorization: Bearer <key>. Keys in the query string are refused.',
  },
  {
    category: 'api-usage',
    question: 'Which output formats are supported?',
    answer: 'JSON by default, plus XML and CSV chosen with the Accept header or a format parameter.',
  },
  {
    category: 'api-usage',
    question: 'What happens when I exceed the rate limit?',
    answer: 'The API answers 429 Too Many Requests with a Retry-After header. RateLimit headers on every answer show what remains.',
  },
  {
    category: 'api-usage',
    question: 'How are daylight saving time gaps handled?',
    answer: 'A local time that does not exist returns 400 invalid_local_time with the first valid time; pass dstAmbiguity to resolve it automatically.',
  },
  {
    category: 'api-usage',
    question: 'Can I convert one time to many zones at once?',
    answer: 'Yes. POST /api/conversion/multi accepts up to 100 target zones in one request.',
  },
  {
    category: 'api-usage',
    question: 'What date formats does the API accept?',
    answer: 'ISO 8601 date-times such as 2025-03-30T01:30:00, dates as YYYY-MM-DD, and time spans as 1.12:30:00 or ISO 8601 durations.',
  },
  {
    category: 'api-usage',
    question: 'How do I see my usage?',
    answer: 'The Usage page of the dashboard shows requests per day, status codes, top endpoints and recent requests.',
  },
  {
    category: 'api-usage',
    question: 'What do error answers look like?',
    answer: 'Errors are RFC 9457 problem documents with type, title, status, detail and a stable code such as invalid_timezone.',
  },
  {
    category: 'billing',
    question: 'How much do the paid plans cost?',
    answer: 'Premium is {premium.price}/month and Enterprise {enterprise.price}/month; both include unlimited requests.',
  },
  {
    category: 'billing',
    question: 'Can I upgrade or change plans at any time?',
    answer: 'Yes. Plan changes apply immediately and are charged prorated to the card on file.',
  },
  {
    category: 'billing',
    question: 'Which payment methods do you accept?',
    answer: 'All major credit and debit cards. Enterprise annual billing can also be paid by ACH.',
  },
  { category: 'billing', question: 'Do you offer refunds?', answer: 'Fees are non-refundable. Price changes are announced 30 days in advance.' },
  {
    category: 'billing',
    question: 'Do you offer annual billing?',
    answer: 'Annual billing with a discount is available through our sales team. Contact us from the support page.',
  },
  {
    category: 'security',
    question: 'How do I keep my API key safe?',
    answer: 'Keep keys on your server, restrict them by IP, CIDR range or domain, and rotate a key immediately if it leaks.',
  },
  { category: 'security', question: 'Is traffic encrypted?', answer: 'Yes. All traffic uses HTTPS with TLS 1.2 or higher.' },
  { category: 'security', question: 'Do you support webhooks?', answer: 'Webhooks are available on the Enterprise plan.' },
  {
    category: 'timezone-data',
    question: 'Where does your time zone data come from?',
    answer: 'From the IANA time zone database, updated within 24 hours of each release, with history back to 1970.',
  },
  {
    category: 'timezone-data',
    question: 'Do you accept legacy zone names?',
    answer: 'Yes. Legacy names such as Asia/Calcutta are accepted and the canonical zone is named in the answer.',
  },
];

export function countByCategory(questions: FaqQuestion[]): Record<FaqCategoryId, number> {
  const counts = Object.fromEntries(faqCategories.map((c) => [c.id, 0])) as Record<FaqCategoryId, number>;
  for (const q of questions) counts[q.category] += 1;
  return counts;
}

/** Category filter plus case-insensitive text match on question or answer. */
export function filterFaq(questions: FaqQuestion[], category: FaqCategoryId | 'all', text: string): FaqQuestion[] {
  const needle = text.trim().toLowerCase();
  return questions.filter(
    (q) => (category === 'all' || q.category === category) && (!needle || q.question.toLowerCase().includes(needle) || q.answer.toLowerCase().includes(needle)),
  );
}

/** Plan figures in the copy come from GET /api/config: {plan.price} and {plan.quota} placeholders. */
export function fillPlanFigures<T extends { answer?: string; body?: string }>(
  items: T[],
  plans: { id: string; priceMonthly: number; quota: { label: string } | null }[] | undefined,
): T[] {
  const fill = (text: string) =>
    text.replace(/\{(\w+)\.(price|quota)\}/g, (_, id: string, field: string) => {
      const plan = plans?.find((p) => p.id === id);
      if (field === 'price') return plan ? `$${plan.priceMonthly}` : `the ${id} price`;
      return plan?.quota?.label ?? 'the plan allowance';
    });
  return items.map((item) => ({
    ...item,
    ...(item.answer !== undefined ? { answer: fill(item.answer) } : {}),
    ...(item.body !== undefined ? { body: fill(item.body) } : {}),
  }));
}
