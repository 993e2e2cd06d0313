import { usePageMeta } from '../../components/ui/usePageMeta';
import { LegalDocument, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'What we collect',
    paragraphs: [
      'Account data: your name, email address and a hash of your password. Billing data: your plan and payment records; card details are handled by our payment provider and never stored by us.',
      'Usage data: for each API request, the key, endpoint, method, status code, response time, client IP address and time.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'To provide and secure the Service, enforce plan limits, show you your usage, bill you, answer support requests and improve the API. We do not sell personal data.',
    ],
  },
  {
    heading: 'Retention',
    paragraphs: [
      'API usage logs are kept for up to 12 months. Support communications are kept for up to 3 years. Account data is kept while your account is open and deleted after closure, except where the law requires us to keep records.',
    ],
  },
  { heading: 'Cookies', paragraphs: ['We use one strictly necessary session cookie to keep you signed in. We do not use advertising cookies.'] },
  {
    heading: 'Sharing',
    paragraphs: [
      'We share data only with processors that help us run the Service (hosting, email delivery, payments), under contracts that protect it, or when the law requires it.',
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      'Traffic is encrypted with TLS 1.2 or higher. Passwords are hashed with argon2id. API keys are stored hashed, and the copy needed to show them to you is encrypted.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You can access, correct, export or delete your personal data. In your profile, "Export my data" gives you a file with your profile, keys (masked), subscription, invoices and the last 90 days of usage, and "Delete account" closes the account: your name, e-mail address and support messages are erased, invoices are kept as the law requires, and usage records are kept without IP addresses until their 12 months run out. For anything else, use the contact form on the support page and we will answer within 30 days.',
    ],
  },
  { heading: 'Children', paragraphs: ['The Service is not intended for children under 13, and we do not knowingly collect their data.'] },
  { heading: 'Changes', paragraphs: ['We will post changes to this policy on this page and notify account holders of material changes by email.'] },
];

export function PrivacyPage() {
  usePageMeta('Privacy Policy', 'What data the TimeZone API collects, why, for how long, and your rights.');
  return <LegalDocument title="Privacy Policy" sections={sections} />;
}
