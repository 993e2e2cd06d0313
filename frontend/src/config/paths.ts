/** Every route URL of the app, in one place. */
export const paths = {
  home: '/',
  login: '/login',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email-confirmation',
  products: '/products',
  solutions: '/solutions',
  docs: '/docs',
  aiAssistants: '/docs/ai-assistants',
  docsErrors: '/docs/errors',
  pricing: '/pricing',
  support: '/support',
  status: '/status',
  about: '/about',
  help: '/help',
  terms: '/terms',
  privacy: '/privacy',
  faq: '/faq',
  resources: '/resources',
  comparison: '/comparison',
  timezoneData: '/timezone-data',
  meetingPlanner: '/meeting-planner',
  sla: '/sla',
  /** An invitation to an organisation (public: the link of the invitation mail). */
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  dashboard: {
    root: '/dashboard',
    apiKeys: '/dashboard/api-keys',
    docs: '/dashboard/docs',
    usage: '/dashboard/usage',
    requests: '/dashboard/requests',
    webhooks: '/dashboard/webhooks',
    /** One webhook endpoint's page: its health and messages. */
    webhook: (id: string) => `/dashboard/webhooks/${encodeURIComponent(id)}`,
    /** The change notices' history (dismissed ones too). */
    notices: '/dashboard/notices',
    billing: '/dashboard/billing',
    billingPlans: '/dashboard/billing/plans',
    /** The checkout's steps, each with its own address (`billingCheckoutPath`); a pattern, not a link. */
    billingCheckout: '/dashboard/billing/checkout/*',
    billingPortal: '/dashboard/billing/portal',
    profile: '/dashboard/profile',
    /** The organisation's members, invitations, settings and audit. */
    team: '/dashboard/team',
  },
  /** The console's screens (react-admin routes its resources under /admin; listed for links and the journeys). */
  admin: {
    root: '/admin',
    users: '/admin/users',
    organizations: '/admin/organizations',
    apiKeys: '/admin/api-keys',
    supportMessages: '/admin/support-messages',
    auditLog: '/admin/audit-log',
    jobs: '/admin/jobs',
    tzdb: '/admin/tzdb',
  },
  /** Server navigations, not screens. */
  server: {
    login: '/api/login',
    logout: '/api/logout',
    swaggerUi: '/api/docs',
    openapiJson: '/openapi/openapi.json',
    postmanCollection: '/openapi/postman_collection.json',
  },
} as const;

/** Anchors inside the solutions page, one per industry. */
export const solutionAnchor = (id: string) => `${paths.solutions}#${id}`;
export const productAnchor = (id: string) => `${paths.products}#${id}`;
/** One notice on the Notices page (the banner's "See what changed"). */
export const noticeAnchor = (id: string) => `${paths.dashboard.notices}#notice-${id}`;
/** One tz release and the zones it changed, on the site's "Data updates". */
export const releaseChangesAnchor = (version: string) => `${paths.timezoneData}#tzdb-${version}`;

/** The landing page of a signed-in user by role. */
export function roleLanding(user: { role: string } | null | undefined): string {
  return user?.role === 'super_admin' ? paths.admin.root : paths.dashboard.root;
}

/** A checkout step's address: the card form for a plan, or its 3-D Secure confirmation. */
export function billingCheckoutPath(plan: string, step: 'card' | 'confirm' = 'card'): string {
  const base = paths.dashboard.billingCheckout.replace('*', encodeURIComponent(plan));
  return step === 'confirm' ? `${base}/confirm` : base;
}

/**
 * Only a path of this app is honoured as returnTo (no open redirect); anything else is null, and the caller goes to
 * the user's landing. The server's sign-in routes apply the same check (one file, @tzapi/shared/return-to).
 */
export { safeReturnTo } from '@tzapi/shared/return-to';

/** Why a signed-in user was sent to sign in, as /login?error= names it (the sign-in page tells them). */
export type SignedOutReason = 'expired' | 'blocked';

export function loginWithReturnTo(returnTo: string, reason?: SignedOutReason | null): string {
  return `${paths.login}?returnTo=${encodeURIComponent(returnTo)}${reason ? `&error=${reason}` : ''}`;
}

/**
 * The app's route patterns for the server: every screen path, and `/admin/*` (react-admin owns its sub-paths).
 * Written into the build as spa-routes.json, so the server answers 404 for paths no screen shows.
 */
export function spaRoutePatterns(): string[] {
  const out: string[] = [];
  const walk = (node: object) => {
    for (const [name, value] of Object.entries(node)) {
      if (name === 'server') continue;
      if (typeof value === 'string') out.push(value === paths.admin.root ? `${value}/*` : value);
      // A path with a parameter (one webhook endpoint's page): everything under its fixed part.
      else if (typeof value === 'function') out.push(`${(value as (param: string) => string)('')}*`);
      else walk(value as object);
    }
  };
  walk(paths);
  return [...new Set(out), paths.admin.root];
}
