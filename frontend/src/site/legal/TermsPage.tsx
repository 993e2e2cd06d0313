import { usePageMeta } from '../../components/ui/usePageMeta';
import { LegalDocument, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Acceptance of these terms',
    paragraphs: [
      'By creating an account or using the TimeZone API ("the Service") you agree to these Terms of Use. If you use the Service on behalf of an organisation, you accept them for that organisation.',
    ],
  },
  {
    heading: 'Your account',
    paragraphs: [
      'You must give accurate information, keep your password and API keys confidential and tell us promptly about any unauthorised use. You are responsible for activity under your account and keys.',
    ],
  },
  {
    heading: 'Use of the API',
    paragraphs: [
      'You may call the API from your applications within the limits of your plan. The free plan allows 100 requests per hour; requests beyond a limit receive a 429 error.',
      'You must not resell raw access to the API, attempt to bypass rate limits or key restrictions, probe or disrupt the Service, or use it for unlawful purposes.',
    ],
  },
  {
    heading: 'Plans, billing and changes',
    paragraphs: [
      'Paid plans are billed monthly in advance to the card on file. Plan changes take effect immediately and are charged prorated. Fees are non-refundable. We announce price changes at least 30 days in advance.',
    ],
  },
  {
    heading: 'Availability and SLA',
    paragraphs: [
      'We aim for high availability on every plan. Premium and Enterprise plans are covered by the Service Level Agreement, which describes uptime commitments and service credits as your sole remedy for downtime.',
    ],
  },
  {
    heading: 'Data accuracy',
    paragraphs: [
      'Time zone data comes from the IANA time zone database and is updated within 24 hours of each release. Governments change rules with little notice; we cannot guarantee that the data reflects changes not yet published.',
    ],
  },
  {
    heading: 'Suspension and termination',
    paragraphs: [
      'You may close your account at any time. We may suspend or block accounts that breach these terms or endanger the Service, with notice where reasonable.',
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'The Service is provided "as is". To the extent permitted by law, our total liability for any claim is limited to the fees you paid in the three months before the claim.',
    ],
  },
  { heading: 'Contact', paragraphs: ['Questions about these terms can be sent through the contact form on the support page.'] },
];

export function TermsPage() {
  usePageMeta('Terms of Use', 'The terms that govern use of the TimeZone API and website.');
  return <LegalDocument title="Terms of Use" sections={sections} />;
}
