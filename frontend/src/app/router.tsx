import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SiteLayout } from '../components/layouts/SiteLayout';
import { AdminGate, DashboardGate, SignedOutOnly } from './guards';
import { LandingPage } from '../site/landing/LandingPage';
import { NotFoundPage } from './NotFoundPage';

const page = <T extends Record<string, unknown>>(loader: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await loader())[name] as React.ComponentType }));

const LoginPage = page(() => import('../features/auth/pages/LoginPage'), 'LoginPage');
const ResetPasswordPage = page(() => import('../features/auth/pages/ResetPasswordPage'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('../features/auth/pages/VerifyEmailPage'), 'VerifyEmailPage');
const ProductsPage = page(() => import('../site/marketing/ProductsPage'), 'ProductsPage');
const SolutionsPage = page(() => import('../site/marketing/SolutionsPage'), 'SolutionsPage');
const AboutPage = page(() => import('../site/marketing/AboutPage'), 'AboutPage');
const ComparisonPage = page(() => import('../site/marketing/ComparisonPage'), 'ComparisonPage');
const SlaPage = page(() => import('../site/marketing/SlaPage'), 'SlaPage');
const DocsPage = page(() => import('../site/docs/DocsPage'), 'DocsPage');
const AiAssistantsPage = page(() => import('../site/docs/AiAssistantsPage'), 'AiAssistantsPage');
const ErrorsPage = page(() => import('../site/docs/ErrorsPage'), 'ErrorsPage');
const PricingPage = page(() => import('../site/pricing/PricingPage'), 'PricingPage');
const SupportPage = page(() => import('../features/support/SupportPage'), 'SupportPage');
const HelpPage = page(() => import('../features/support/HelpPage'), 'HelpPage');
const FaqPage = page(() => import('../features/support/FaqPage'), 'FaqPage');
const StatusPage = page(() => import('../site/status/StatusPage'), 'StatusPage');
const TermsPage = page(() => import('../site/legal/TermsPage'), 'TermsPage');
const PrivacyPage = page(() => import('../site/legal/PrivacyPage'), 'PrivacyPage');
const ResourcesPage = page(() => import('../site/resources/ResourcesPage'), 'ResourcesPage');
const TimezoneDataPage = page(() => import('../site/directory/TimezoneDataPage'), 'TimezoneDataPage');
const InvitationPage = page(() => import('../features/team/pages/InvitationPage'), 'InvitationPage');
const MeetingPlannerPage = page(() => import('../site/planner/MeetingPlannerPage'), 'MeetingPlannerPage');

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/dashboard/*" element={<DashboardGate />} />
      <Route path="/admin/*" element={<AdminGate />} />
      <Route element={<SiteLayout />}>
        <Route element={<SignedOutOnly />}>
          <Route index element={<LandingPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="verify-email-confirmation" element={<VerifyEmailPage />} />
        </Route>
        <Route path="products" element={<ProductsPage />} />
        <Route path="solutions" element={<SolutionsPage />} />
        <Route path="docs" element={<DocsPage />} />
        <Route path="docs/ai-assistants" element={<AiAssistantsPage />} />
        <Route path="docs/errors" element={<ErrorsPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="support" element={<SupportPage />} />
        <Route path="status" element={<StatusPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="help" element={<HelpPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="faq" element={<FaqPage />} />
        <Route path="resources" element={<ResourcesPage />} />
        <Route path="comparison" element={<ComparisonPage />} />
        <Route path="timezone-data" element={<TimezoneDataPage />} />
        <Route path="meeting-planner" element={<MeetingPlannerPage />} />
        <Route path="sla" element={<SlaPage />} />
        <Route path="invitations/:token" element={<InvitationPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
