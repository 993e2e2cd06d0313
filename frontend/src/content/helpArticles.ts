export interface HelpArticle {
  id: string;
  category: string;
  title: string;
  summary: string;
  body: string;
  popular?: boolean;
}

export const helpCategories = ['Account', 'API Keys', 'Making Requests', 'Billing', 'Troubleshooting'];

export const helpArticles: HelpArticle[] = [
  {
    id: 'create-account',
    category: 'Account',
    title: 'Creating and verifying your account',
    summary: 'Sign up, verify your email and sign in.',
    body: 'Click Get Started Free, enter your name, email and password. We send a verification link that expires after 24 hours. If it expired, use Resend Verification Email on the verification page.',
    popular: true,
  },
  {
    id: 'reset-password',
    category: 'Account',
    title: 'Resetting a forgotten password',
    summary: 'Get a reset link by email.',
    body: 'Open the sign-in dialog and choose Forgot your password. Enter your email; if an account exists we send a reset link. Choose a new password of at least 8 characters.',
  },
  {
    id: 'update-profile',
    category: 'Account',
    title: 'Changing your name, email or password',
    summary: 'Manage your profile in the dashboard.',
    body: 'Open Profile in the dashboard. Changing your email requires verifying the new address. Changing your password signs out your other sessions.',
  },
  {
    id: 'create-key',
    category: 'API Keys',
    title: 'Creating your first API key',
    summary: 'Keys live on the API Keys page of the dashboard.',
    body: 'Open API Keys and click Create API Key. Give it a name; optionally restrict it to IP addresses, CIDR ranges or domains, one entry per line.',
    popular: true,
  },
  {
    id: 'rotate-key',
    category: 'API Keys',
    title: 'Rotating a leaked key',
    summary: 'Issue a new key and invalidate the old one at once.',
    body: 'On the key card, choose Rotate and confirm. The old key stops working immediately on every server. Update your application with the new key.',
  },
  {
    id: 'restrictions',
    category: 'API Keys',
    title: 'Restricting keys by IP or domain',
    summary: 'Limit where a key can be used.',
    body: 'IP entries are IPv4 or IPv6 addresses or CIDR ranges such as 10.0.0.0/24. Domain entries are host names or wildcards such as *.example.com, matched against the Origin or Referer of browser requests. Browsers send these headers truthfully, but any program can set them, so a domain restriction protects a key used in web pages, not a key used by a server: keep server keys secret and restrict them by IP.',
  },
  {
    id: 'first-request',
    category: 'Making Requests',
    title: 'Making your first request',
    summary: 'Call the current time endpoint with cURL.',
    body: 'Run curl with your key in the X-API-Key header against /api/time/current?timezone=Europe/London. The answer includes current_time, utc_offset, dst_active and abbreviation.',
    popular: true,
  },
  {
    id: 'formats',
    category: 'Making Requests',
    title: 'Getting XML or CSV instead of JSON',
    summary: 'Use the Accept header or the format parameter.',
    body: 'Send Accept: application/xml or text/csv, or add format=xml or format=csv. An unsupported format answers 406.',
  },
  {
    id: 'dst',
    category: 'Making Requests',
    title: 'Converting times around DST changes',
    summary: 'Gaps, overlaps and dstAmbiguity.',
    body: 'A local time inside a spring-forward gap answers 400 invalid_local_time. A repeated local time answers with ambiguous: true and both options. Pass dstAmbiguity (earlier, later, compatible, reject) to choose.',
    popular: true,
  },
  {
    id: 'plans',
    category: 'Billing',
    title: 'Upgrading your plan',
    summary: 'Premium and Enterprise remove the request quota.',
    body: 'Open Billing in the dashboard and choose Upgrade Plan. Plan changes apply immediately and are charged prorated to your card.',
  },
  {
    id: 'invoices',
    category: 'Billing',
    title: 'Finding your invoices',
    summary: 'Billing history and the billing portal.',
    body: 'Billing History on the Billing page lists your latest payments. Manage Billing opens the billing portal for invoices and card changes.',
  },
  {
    id: 'rate-limit',
    category: 'Troubleshooting',
    title: 'I get 429 Too Many Requests',
    summary: 'You reached the free plan limit.',
    body: 'The free plan allows {free.quota} per account across all keys. Wait for the time in the Retry-After header, or upgrade for unlimited requests.',
    popular: true,
  },
  {
    id: 'unauthorized',
    category: 'Troubleshooting',
    title: 'I get 401 or 403 from the API',
    summary: 'Missing, unknown, inactive or restricted keys.',
    body: 'A 401 means the key is missing or unknown. A 403 means the key is inactive, its owner is blocked, or an IP or domain restriction did not match. The code field of the error says which.',
  },
];

export function searchHelp(articles: HelpArticle[], query: string): HelpArticle[] {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return articles;
  return articles.filter((a) => {
    const text = `${a.title} ${a.summary} ${a.body} ${a.category}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
